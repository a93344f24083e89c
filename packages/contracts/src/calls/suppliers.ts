import { defineCalls } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { idParams } from '../common/fields.js';
import { listBody } from '../common/list.js';
import { supplierInput, supplierResponse, suppliersResponse, supplierUpdateInput } from '../parties.js';
import { csvExportCall } from './export.js';

/** The spec's `distributor/*` calls serve suppliers, the companies the business buys from (docs/glossary.md). */
export const supplierCalls = defineCalls('suppliers', {
  list: {
    method: 'POST',
    reads: true,
    path: '/distributor/all',
    summary: 'Suppliers',
    body: listBody,
    response: suppliersResponse,
  },
  export: csvExportCall('/distributor/export', listBody, 'Suppliers'),
  create: {
    method: 'POST',
    path: '/distributor/insert',
    summary: 'Create a supplier',
    body: supplierInput,
    response: supplierResponse,
  },
  update: {
    method: 'PATCH',
    path: '/distributor/update',
    summary: 'Change a supplier',
    body: supplierUpdateInput,
    response: supplierResponse,
    errors: [404],
  },
  delete: {
    method: 'DELETE',
    path: '/distributor/delete/:id',
    summary: 'Delete a supplier no supplier invoice points at',
    params: idParams,
    response: messageSchema,
    errors: [404, 409],
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/distributor/:id',
    summary: 'One supplier',
    params: idParams,
    response: supplierResponse,
    errors: [404],
  },
});
