import { invoiceDraftCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createInvoiceDraftsService } from './invoice-drafts.service.js';

export async function invoiceDraftsRoutes(app: FastifyInstance) {
  const service = createInvoiceDraftsService(app.ctx);
  registerCalls(app, invoiceDraftCalls, {
    discardDraft: ({ params, user }) => service.discard(params.id, user),
  });
}
