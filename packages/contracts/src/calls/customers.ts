import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import {
  customerInput,
  customerListFilter,
  customerResponse,
  customersResponse,
  customerUpdateInput,
  pdfFile,
} from '../parties.js';
import { csvExportCall } from './export.js';
import { softDeleteCalls } from './soft-delete.js';

export const customerCalls = defineCalls('customers', {
  ...softDeleteCalls('customer', 'customer', customersResponse),
  list: {
    method: 'POST',
    reads: true,
    path: '/customer/all',
    summary: 'Active customers (overLimit: only those owing more than their credit limit)',
    body: customerListFilter,
    response: customersResponse,
  },
  export: csvExportCall('/customer/export', customerListFilter, 'Active customers'),
  create: {
    method: 'POST',
    path: '/customer/new',
    summary: 'Create a customer',
    body: customerInput,
    response: customerResponse,
    errors: [404],
  },
  update: {
    method: 'PATCH',
    path: '/customer/update',
    summary: 'Change a customer',
    body: customerUpdateInput,
    response: customerResponse,
    errors: [404],
  },
  signResaleCertificate: {
    method: 'POST',
    path: '/customer/resale_certificate/:id',
    summary: 'Sign the resale certificate (an image of at most 10 MB); dateLastVerified becomes today',
    params: idParams,
    response: customerResponse,
    errors: [404, 413, 415],
    multipart: { file: 'resaleCertificate', fileRequired: true },
  },
  resaleCertificatePdf: {
    method: 'GET',
    path: '/customer/resale_certificate/:id',
    summary: 'The resale certificate as a one-page PDF (404 No Resale Certificate Uploaded)',
    params: idParams,
    response: pdfFile,
    errors: [404],
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/customer/:id',
    summary: 'One customer',
    params: idParams,
    response: customerResponse,
    errors: [404],
  },
});
