import { distributorInvoiceCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { distributorInvoicesRepository } from './distributor-invoices.repository.js';
import { createDistributorInvoicesService } from './distributor-invoices.service.js';

export async function distributorInvoicesRoutes(app: FastifyInstance) {
  const service = createDistributorInvoicesService(app.ctx);
  registerCalls(app, distributorInvoiceCalls, {
    ...recordHandlers('distributorInvoice', service),
    export: ({ body, reply }) => distributorInvoicesRepository.export(app.ctx, reply, body),
  });
}
