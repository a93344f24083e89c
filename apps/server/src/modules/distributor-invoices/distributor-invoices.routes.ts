import { distributorInvoiceCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createDistributorInvoicesService } from './distributor-invoices.service.js';

export async function distributorInvoicesRoutes(app: FastifyInstance) {
  const service = createDistributorInvoicesService(app.ctx);
  registerCalls(app, distributorInvoiceCalls, {
    list: ({ body }) => service.list(body),
    create: async ({ body, user }) => ({ distributorInvoice: await service.create(body, user) }),
    update: async ({ body, user }) => ({ distributorInvoice: await service.update(body, user) }),
    delete: ({ params, user }) => service.remove(params.id, user),
    get: async ({ params }) => ({ distributorInvoice: await service.get(params.id) }),
  });
}
