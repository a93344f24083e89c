import {
  INVOICE_MESSAGES,
  PAYMENT_KINDS,
  type PaymentKind,
  paymentCalls,
  supplierPaymentCalls,
  text,
} from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.js';
import { sendCsv } from '../../lib/export.js';
import { type CallContext, type Handlers, registerCalls } from '../../lib/routes.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';

type CallsOf<K extends PaymentKind> = K extends 'customer' ? typeof paymentCalls : typeof supplierPaymentCalls;

/** Both kinds answer the same calls under their own paths: the kind is the service a table of calls is bound to. */
function paymentHandlers<K extends PaymentKind>(service: PaymentsService<K>): Handlers<CallsOf<K>> {
  type C = CallsOf<K>;
  // Both tables take the same params and bodies but for the payment's own fields.
  type Calls = typeof paymentCalls;
  type Inputs = Parameters<PaymentsService<K>['insert']>[0];
  type Changes = Parameters<PaymentsService<K>['update']>[0];
  const handlers = {
    create: async ({ body, file, user }: CallContext<Calls['create']>) => ({
      payment: await service.insert(body as Inputs, file, user),
    }),
    update: async ({ body, user }: CallContext<Calls['update']>) => ({
      payment: await service.update(body as Changes, user),
    }),
    delete: ({ params, user }: CallContext<Calls['delete']>) => service.remove(params.id, user),
    invoiceHistory: ({ params, body }: CallContext<Calls['invoiceHistory']>) =>
      service.history('invoice', params.id, body),
    partyHistory: ({ params, body }: CallContext<Calls['partyHistory']>) => service.history('party', params.id, body),
    invoiceHistoryExport: async ({ params, body, reply }: CallContext<Calls['invoiceHistoryExport']>) =>
      sendCsv(reply, await service.export('invoice', params.id, body)),
    partyHistoryExport: async ({ params, body, reply }: CallContext<Calls['partyHistoryExport']>) =>
      sendCsv(reply, await service.export('party', params.id, body)),
  };
  return handlers as unknown as Handlers<C>;
}

export async function paymentsRoutes(app: FastifyInstance) {
  registerCalls(app, paymentCalls, paymentHandlers(createPaymentsService(app.ctx, 'customer')));
  registerCalls(app, supplierPaymentCalls, paymentHandlers(createPaymentsService(app.ctx, 'supplier')));
}

/**
 * GET /images/cheques/{referenceNo}.jpg: a cheque photo, for signed-in users
 * only. Reference numbers are unique within each kind; the kinds are asked in
 * the order of PAYMENT_KINDS (customer payments, then supplier payments).
 */
export async function chequeImageRoutes(app: FastifyInstance) {
  const services = {
    customer: createPaymentsService(app.ctx, 'customer'),
    supplier: createPaymentsService(app.ctx, 'supplier'),
  };
  app.get(
    '/images/cheques/:file',
    { config: { auth: 'user' }, schema: { hide: true, params: z.object({ file: text().max(60) }) } },
    async (request, reply) => {
      const referenceNo = (request.params as { file: string }).file.replace(/\.\w+$/, '');
      for (const kind of PAYMENT_KINDS) {
        const file = await services[kind].chequeImage(referenceNo);
        if (file) return sendStoredFile(reply, file, referenceNo, 'private, no-store');
      }
      throw new NotFoundError(INVOICE_MESSAGES.noCheque);
    },
  );
}
