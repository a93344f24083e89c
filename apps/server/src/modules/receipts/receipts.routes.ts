import { RECEIPT_MESSAGES, receiptCalls, text } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.js';
import { registerCalls } from '../../lib/routes.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { createReceiptsService } from './receipts.service.js';

export async function receiptsRoutes(app: FastifyInstance) {
  const receipts = createReceiptsService(app.ctx);
  registerCalls(app, receiptCalls, {
    openInvoices: ({ params }) => receipts.openInvoices(params.id),
    create: async ({ body, file, user }) => ({ receipt: await receipts.create(body, file, user) }),
    get: async ({ params }) => ({ receipt: await receipts.get(params.id) }),
    customerReceipts: async ({ params }) => ({ receipts: await receipts.ofCustomer(params.id) }),
    delete: ({ params, user }) => receipts.remove(params.id, user),
  });
}

/** GET /images/receipts/{referenceNo}.jpg: a receipt's cheque photo, for signed-in users only. */
export async function receiptImageRoutes(app: FastifyInstance) {
  const receipts = createReceiptsService(app.ctx);
  app.get(
    '/images/receipts/:file',
    { config: { auth: 'user' }, schema: { hide: true, params: z.object({ file: text().max(60) }) } },
    async (request, reply) => {
      const referenceNo = (request.params as { file: string }).file.replace(/\.\w+$/, '');
      const file = await receipts.chequeImage(referenceNo);
      if (!file) throw new NotFoundError(RECEIPT_MESSAGES.noCheque);
      return sendStoredFile(reply, file, referenceNo, 'private, no-store');
    },
  );
}
