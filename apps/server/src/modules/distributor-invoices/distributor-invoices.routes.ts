import {
  distributorInvoiceInput,
  distributorInvoiceListFilter,
  distributorInvoiceResponse,
  distributorInvoicesResponse,
  distributorInvoiceUpdateInput,
  distributorPaymentInput,
  distributorPaymentResponse,
  distributorPaymentUpdateInput,
  errorSchema,
  idParams,
  listFilterSchema,
  messageSchema,
  periodFilterFields,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPaymentBody } from '../../lib/uploads.js';
import { currentUser } from '../../plugins/auth.js';
import { createDistributorInvoicesService } from './distributor-invoices.service.js';
import { createDistributorPaymentsService } from './distributor-payments.service.js';

const tags = ['supplier invoices'];
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

export const distributorInvoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDistributorInvoicesService(app.ctx);
  const payments = createDistributorPaymentsService(app.ctx);
  app.post(
    '/distributor/invoices/all',
    {
      schema: {
        tags,
        summary: 'Supplier invoices with totals over every matching row',
        body: distributorInvoiceListFilter,
        response: { 200: distributorInvoicesResponse, ...errors },
      },
    },
    (req) => service.list(req.body),
  );
  app.post(
    '/distributor/invoices/insert',
    {
      schema: {
        tags,
        summary: 'Record a supplier invoice',
        body: distributorInvoiceInput,
        response: { 200: distributorInvoiceResponse, ...errors },
      },
    },
    async (req) => ({
      distributorInvoice: await service.create(req.body, currentUser(req)),
    }),
  );
  app.patch(
    '/distributor/invoices/update',
    {
      schema: {
        tags,
        summary: 'Change a supplier invoice',
        body: distributorInvoiceUpdateInput,
        response: { 200: distributorInvoiceResponse, ...errors },
      },
    },
    async (req) => ({
      distributorInvoice: await service.update(req.body, currentUser(req)),
    }),
  );
  app.delete(
    '/distributor/invoices/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a supplier invoice and its payments',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.remove(req.params.id, currentUser(req)),
  );
  app.post(
    '/distributor/invoices/:id',
    {
      schema: {
        tags,
        summary: 'One supplier invoice',
        params: idParams,
        response: { 200: distributorInvoiceResponse, ...errors },
      },
    },
    async (req) => ({
      distributorInvoice: await service.get(req.params.id),
    }),
  );

  app.post(
    '/distributorPayment/insert',
    {
      schema: {
        tags,
        summary: 'Pay a supplier invoice: multipart (`payment` JSON text, optional `chequeImage`) or JSON',
        response: { 200: distributorPaymentResponse, ...errors },
      },
    },
    async (req) => {
      const { payment, image } = await readPaymentBody(req, distributorPaymentInput);
      return { payment: await payments.addPayment(payment, image, currentUser(req)) };
    },
  );
  app.patch(
    '/distributorPayment/update',
    {
      schema: {
        tags,
        summary: 'Change a supplier payment; the invoice follows',
        body: distributorPaymentUpdateInput,
        response: { 200: distributorPaymentResponse, ...errors },
      },
    },
    async (req) => ({ payment: await payments.updatePayment(req.body, currentUser(req)) }),
  );
  app.delete(
    '/distributorPayment/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a supplier payment',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => payments.removePayment(req.params.id, currentUser(req)),
  );
  app.post(
    '/distributorPayment/invoice/:id',
    { schema: { tags, summary: 'Payments of a supplier invoice', params: idParams, body: historyBody } },
    (req) => payments.history('invoice', req.params.id, req.body),
  );
  app.post(
    '/distributorPayment/distributor/:id',
    { schema: { tags, summary: 'Payments to a supplier', params: idParams, body: historyBody } },
    (req) => payments.history('distributor', req.params.id, req.body),
  );
};
