import { SUPPLIER_INVOICE_CSV, supplierInvoiceCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { csvExportHandler } from '../../lib/export.js';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { supplierInvoicesRepository } from './supplier-invoices.repository.js';
import { createSupplierInvoicesService } from './supplier-invoices.service.js';

export async function supplierInvoicesRoutes(app: FastifyInstance) {
  const service = createSupplierInvoicesService(app.ctx);
  registerCalls(app, supplierInvoiceCalls, {
    ...recordHandlers('distributorInvoice', service),
    // One invoice answers with its lines beside it.
    get: ({ params }) => service.get(params.id),
    create: ({ body, user }) => service.create(body, user),
    update: ({ body, user }) => service.update(body, user),
    export: csvExportHandler(app.ctx, 'supplier-invoices', SUPPLIER_INVOICE_CSV, supplierInvoicesRepository.csvQuery),
  });
}
