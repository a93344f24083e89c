import { distributorInvoiceCalls, SUPPLIER_INVOICE_CSV } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { csvExportHandler } from '../../lib/export.js';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { distributorInvoicesRepository } from './distributor-invoices.repository.js';
import { createDistributorInvoicesService } from './distributor-invoices.service.js';

export async function distributorInvoicesRoutes(app: FastifyInstance) {
  const service = createDistributorInvoicesService(app.ctx);
  registerCalls(app, distributorInvoiceCalls, {
    ...recordHandlers('distributorInvoice', service),
    export: csvExportHandler(
      app.ctx,
      'supplier-invoices',
      SUPPLIER_INVOICE_CSV,
      distributorInvoicesRepository.csvQuery,
    ),
  });
}
