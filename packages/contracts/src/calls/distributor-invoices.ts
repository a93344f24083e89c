import { defineCalls, idParams } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import {
  distributorInvoiceInput,
  distributorInvoiceListFilter,
  distributorInvoiceResponse,
  distributorInvoicesResponse,
  distributorInvoiceUpdateInput,
} from '../distributor-invoices.js';
import { csvExportCall } from './export.js';

export const distributorInvoiceCalls = defineCalls('supplier invoices', {
  list: {
    method: 'POST',
    path: '/distributor/invoices/all',
    summary: 'Supplier invoices with totals over every matching row',
    body: distributorInvoiceListFilter,
    response: distributorInvoicesResponse,
  },
  export: csvExportCall('/distributor/invoices/export', distributorInvoiceListFilter, 'Supplier invoices'),
  create: {
    method: 'POST',
    path: '/distributor/invoices/insert',
    summary: 'Record a supplier invoice',
    body: distributorInvoiceInput,
    response: distributorInvoiceResponse,
    errors: [404],
  },
  update: {
    method: 'PATCH',
    path: '/distributor/invoices/update',
    summary: 'Change a supplier invoice',
    body: distributorInvoiceUpdateInput,
    response: distributorInvoiceResponse,
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
    path: '/distributor/invoices/:id',
    summary: 'One supplier invoice',
    params: idParams,
    response: distributorInvoiceResponse,
    errors: [404],
  },
});
