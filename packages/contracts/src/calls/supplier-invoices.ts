import { defineCalls } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { idParams } from '../common/fields.js';
import {
  supplierInvoiceInput,
  supplierInvoiceListFilter,
  supplierInvoiceResponse,
  supplierInvoicesResponse,
  supplierInvoiceUpdateInput,
} from '../supplier-invoices.js';
import { csvExportCall } from './export.js';

export const supplierInvoiceCalls = defineCalls('supplier invoices', {
  list: {
    method: 'POST',
    reads: true,
    path: '/distributor/invoices/all',
    summary: 'Supplier invoices with totals over every matching row',
    body: supplierInvoiceListFilter,
    response: supplierInvoicesResponse,
  },
  export: csvExportCall('/distributor/invoices/export', supplierInvoiceListFilter, 'Supplier invoices'),
  create: {
    method: 'POST',
    path: '/distributor/invoices/insert',
    summary: 'Record a supplier invoice',
    body: supplierInvoiceInput,
    response: supplierInvoiceResponse,
    errors: [404],
  },
  update: {
    method: 'PATCH',
    path: '/distributor/invoices/update',
    summary: 'Change a supplier invoice',
    body: supplierInvoiceUpdateInput,
    response: supplierInvoiceResponse,
    errors: [404],
  },
  delete: {
    method: 'DELETE',
    path: '/distributor/invoices/delete/:id',
    summary: 'Delete a supplier invoice and its payments',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/distributor/invoices/:id',
    summary: 'One supplier invoice',
    params: idParams,
    response: supplierInvoiceResponse,
    errors: [404],
  },
});
