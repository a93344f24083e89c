import { invoicePdfCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { invoicePdf } from './invoice-pdf.js';

/** GET invoice/pdf/{id}: the invoice PDF, downloaded as <invoice number>.pdf. */
export async function invoicePdfRoutes(app: FastifyInstance) {
  registerCalls(app, invoicePdfCalls, {
    pdf: async ({ params, reply }) => {
      const { filename, data } = await invoicePdf(app.ctx.db, params.id);
      reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`);
      return data;
    },
  });
}
