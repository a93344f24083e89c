import { INVOICE_CSV, invoiceCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { csvExportHandler } from '../../lib/export.js';
import { registerCalls } from '../../lib/routes.js';
import { createInvoiceCopyService } from './invoice-copy.service.js';
import { createInvoiceLinesService } from './invoice-lines.service.js';
import { createInvoiceRepriceService } from './invoice-reprice.service.js';
import { invoicesRepository } from './invoices.repository.js';
import { createInvoicesService } from './invoices.service.js';

export async function invoicesRoutes(app: FastifyInstance) {
  const service = createInvoicesService(app.ctx);
  const lines = createInvoiceLinesService(app.ctx);
  const copies = createInvoiceCopyService(app.ctx);
  const reprices = createInvoiceRepriceService(app.ctx);
  registerCalls(app, invoiceCalls, {
    create: async ({ params, user }) => ({ invoice: await service.create(params.type, user) }),
    copy: ({ params, user }) => copies.copy(params.id, user),
    repricePreview: ({ params }) => reprices.preview(params.id),
    reprice: ({ body, user }) => reprices.reprice(body.id, body.lineIDs, user),
    list: ({ body }) => service.list(body),
    export: csvExportHandler(app.ctx, 'invoices', INVOICE_CSV, invoicesRepository.csvQuery),
    summary: ({ params }) => service.summary(params.id),
    update: async ({ body, user }) => ({ invoice: await service.update(body, user) }),
    delete: ({ params, user }) => service.remove(params.id, user),
    items: ({ params, body }) => lines.list(params.id, body),
    addItem: ({ body, user }) => lines.add(body, user),
    updateItem: ({ body, user }) => lines.update(body, user),
    deleteItem: ({ params, user }) => lines.remove(params.id, user),
    productHistory: ({ params }) => lines.productHistory(params.id),
  });
}
