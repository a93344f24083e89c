import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import { listBody } from '../common/list.js';
import { billerInput, billerResponse, billersResponse, billerUpdateInput } from '../parties.js';
import { csvExportCall } from './export.js';
import { softDeleteCalls } from './soft-delete.js';

/** The spec's `supplier/*` calls serve billers, the selling companies (docs/glossary.md). */
export const billerCalls = defineCalls('billers', {
  ...softDeleteCalls('supplier', 'biller', billersResponse),
  list: {
    method: 'POST',
    reads: true,
    path: '/supplier/all',
    summary: 'Active billers',
    body: listBody,
    response: billersResponse,
  },
  export: csvExportCall('/supplier/export', listBody, 'Active billers'),
  create: {
    method: 'POST',
    path: '/supplier/new',
    summary: 'Create a biller',
    body: billerInput,
    response: billerResponse,
  },
  update: {
    method: 'PATCH',
    path: '/supplier/update',
    summary: 'Change a biller',
    body: billerUpdateInput,
    response: billerResponse,
    errors: [404],
  },
  setLogo: {
    method: 'POST',
    path: '/supplier/logo/:id',
    summary: "Upload the biller's logo (an image of at most 10 MB)",
    params: idParams,
    response: billerResponse,
    errors: [404, 413, 415],
    multipart: { file: 'logo', fileRequired: true },
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/supplier/:id',
    summary: 'One biller',
    params: idParams,
    response: billerResponse,
    errors: [404],
  },
});
