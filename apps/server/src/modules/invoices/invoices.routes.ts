import {
  errorSchema,
  idParams,
  invoiceInsertInput,
  invoiceItemResponse,
  invoiceItemsResponse,
  invoiceItemUpdateInput,
  invoiceListFilter,
  invoiceResponse,
  invoiceSummaryResponse,
  invoicesResponse,
  invoiceUpdateInput,
  listBody,
  listFilterSchema,
  messageSchema,
  paymentInput,
  paymentResponse,
  paymentUpdateInput,
  periodFilterFields,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPaymentBody } from '../../lib/uploads.js';
import { currentUser } from '../../plugins/auth.js';
import { createDistributorPaymentsService } from '../distributor-invoices/distributor-payments.service.js';
import { createInvoicesService } from './invoices.service.js';
import { createPaymentsService } from './payments.service.js';

const tags = ['invoices'];
const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
};
const historyBody = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({ startDate: periodFilterFields.startDate, endDate: periodFilterFields.endDate }),
);

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInvoicesService(app.ctx);
  const paymentsService = createPaymentsService(app.ctx);

  app.post(
    '/invoice/new/:type',
    {
      schema: {
        tags,
        summary: 'Create an invoice (NEW, today, biller 1, walk-in)',
        params: z.object({ type: z.enum(['invoice', 'consignment']) }),
        response: { 200: z.object({ invoice: z.object({ id: z.int(), invoiceNo: z.string() }) }), ...errors },
      },
    },
    async (req) => ({ invoice: await service.create(req.params.type, currentUser(req)) }),
  );
  app.post(
    '/invoice/all',
    {
      schema: {
        tags,
        summary: 'Invoices with totals over every matching row',
        body: invoiceListFilter,
        response: { 200: invoicesResponse, ...errors },
      },
    },
    (req) => service.list(req.body),
  );
  app.post(
    '/invoice/summary/:id',
    {
      schema: {
        tags,
        summary: 'Invoice, parties and totals',
        params: idParams,
        response: { 200: invoiceSummaryResponse, ...errors },
      },
    },
    (req) => service.summary(req.params.id),
  );
  app.post(
    '/invoice/insert',
    {
      schema: {
        tags,
        summary: 'Add a line by productID or scanned lookup text',
        body: invoiceInsertInput,
        response: { 200: invoiceItemResponse, ...errors },
      },
    },
    async (req) => ({ invoiceItem: await service.addItem(req.body, currentUser(req)) }),
  );
  app.patch(
    '/invoice/update/item',
    {
      schema: {
        tags,
        summary: 'Change a line',
        body: invoiceItemUpdateInput,
        response: { 200: invoiceItemResponse, ...errors },
      },
    },
    async (req) => ({ invoiceItem: await service.updateItem(req.body, currentUser(req)) }),
  );
  app.patch(
    '/invoice/update',
    {
      schema: {
        tags,
        summary: 'Change the header; status DUE submits',
        body: invoiceUpdateInput,
        response: { 200: invoiceResponse, ...errors },
      },
    },
    async (req) => ({ invoice: await service.update(req.body, currentUser(req)) }),
  );
  app.delete(
    '/invoice/delete/item/:id',
    { schema: { tags, summary: 'Delete a line', params: idParams, response: { 200: messageSchema, ...errors } } },
    (req) => service.deleteItem(req.params.id, currentUser(req)),
  );
  app.delete(
    '/invoice/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete an invoice with its lines and payments',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.remove(req.params.id, currentUser(req)),
  );
  app.post(
    '/invoice/productHistory/:id',
    { schema: { tags, summary: "A line's product: earlier prices for this customer", params: idParams } },
    (req) => service.productHistory(req.params.id),
  );
  app.post(
    '/invoice/:id',
    {
      schema: {
        tags,
        summary: 'Lines of an invoice',
        params: idParams,
        body: listBody,
        response: { 200: invoiceItemsResponse, ...errors },
      },
    },
    (req) => service.items(req.params.id, req.body),
  );

  app.post(
    '/payment/insert',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Record a payment: multipart with part `payment` (JSON text) and optional file `chequeImage`, or a JSON body',
        response: { 200: paymentResponse, ...errors },
      },
    },
    async (req) => {
      const { payment, image } = await readPaymentBody(req, paymentInput);
      return { payment: await paymentsService.insert(payment, image, currentUser(req)) };
    },
  );
  app.patch(
    '/payment/update',
    {
      schema: {
        tags: ['payments'],
        summary: 'Change a payment; the invoice is recomputed',
        body: paymentUpdateInput,
        response: { 200: paymentResponse, ...errors },
      },
    },
    async (req) => ({ payment: await paymentsService.update(req.body, currentUser(req)) }),
  );
  app.delete(
    '/payment/delete/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Delete a payment',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => paymentsService.remove(req.params.id, currentUser(req)),
  );
  app.post(
    '/payment/invoice/:id',
    { schema: { tags: ['payments'], summary: 'Payments of an invoice', params: idParams, body: historyBody } },
    (req) => paymentsService.history('invoice', req.params.id, req.body),
  );
  app.post(
    '/payment/customer/:id',
    { schema: { tags: ['payments'], summary: 'Payments of a customer', params: idParams, body: historyBody } },
    (req) => paymentsService.history('customer', req.params.id, req.body),
  );
};

/** GET /images/cheques/{referenceNo}.jpg: the cheque photo, for signed-in users only. */
export const chequeImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const paymentsService = createPaymentsService(app.ctx);
  const supplierPayments = createDistributorPaymentsService(app.ctx);
  app.get(
    '/images/cheques/:file',
    { config: { auth: 'user' }, schema: { hide: true, params: z.object({ file: z.string().max(60) }) } },
    async (req, reply) => {
      const reference = req.params.file.replace(/\.\w+$/, '');
      // Supplier payments are numbered SPAY-…, customer payments PAY-….
      const file = reference.startsWith('SPAY-')
        ? await supplierPayments.chequeImage(reference)
        : await paymentsService.chequeImage(reference);
      return reply.type(file.contentType).header('cache-control', 'private, no-store').send(file.data);
    },
  );
};
