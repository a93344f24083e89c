import { invoiceDocumentCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { loadInvoiceDocument } from './invoice-document.js';

export async function invoiceDocumentsRoutes(app: FastifyInstance) {
  registerCalls(app, invoiceDocumentCalls, {
    document: async ({ params }) => ({ invoiceDocument: await loadInvoiceDocument(app.ctx.db, params.id) }),
  });
}
