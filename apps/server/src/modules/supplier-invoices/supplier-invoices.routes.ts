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
    export: csvExportHandler(app.ctx, 'supplier-invoices', SUPPLIER_INVOICE_CSV, supplierInvoicesRepository.csvQuery),
  });
}
