import { defineCalls, type MultipartSpec } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { idParams } from '../common/fields.js';
import {
  historyFilter,
  paymentHistoryResponse,
  paymentInput,
  paymentResponse,
  paymentUpdateInput,
  supplierPaymentHistoryResponse,
  supplierPaymentInput,
  supplierPaymentResponse,
  supplierPaymentUpdateInput,
} from '../payments.js';
import { csvExportCall } from './export.js';

/**
 * Both kinds of payment have the same calls under their own path word
 * (`payment`, `distributorPayment`), so one modal and one history screen
 * serve both (docs/business-rules.md, "Payments").
 */

/** A payment is JSON text in the part `payment`, with an optional cheque photo; a plain JSON body works too. */
const paymentParts: MultipartSpec = { json: 'payment', file: 'chequeImage', fileRequired: false };

export const paymentCalls = defineCalls('payments', {
  create: {
    method: 'POST',
    path: '/payment/insert',
    summary: 'Record a customer payment (multipart `payment` + optional `chequeImage`, or JSON)',
    body: paymentInput,
    multipart: paymentParts,
    response: paymentResponse,
    errors: [404, 413, 415],
  },
  update: {
    method: 'PATCH',
    path: '/payment/update',
    summary: 'Change a payment; the invoice is recomputed',
    body: paymentUpdateInput,
    response: paymentResponse,
    errors: [404],
  },
  delete: {
    method: 'DELETE',
    path: '/payment/delete/:id',
    summary: 'Delete a payment',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
  invoiceHistory: {
    method: 'POST',
    reads: true,
    path: '/payment/invoice/:id',
    summary: 'Payments of an invoice',
    params: idParams,
    body: historyFilter,
    response: paymentHistoryResponse,
  },
  partyHistory: {
    method: 'POST',
    reads: true,
    path: '/payment/customer/:id',
    summary: 'Payments of a customer',
    params: idParams,
    body: historyFilter,
    response: paymentHistoryResponse,
  },
  invoiceHistoryExport: {
    ...csvExportCall('/payment/invoice/:id/export', historyFilter, 'Payments of an invoice'),
    params: idParams,
    errors: [404],
  },
  partyHistoryExport: {
    ...csvExportCall('/payment/customer/:id/export', historyFilter, 'Payments of a customer'),
    params: idParams,
    errors: [404],
  },
});

export const supplierPaymentCalls = defineCalls('supplier payments', {
  create: {
    method: 'POST',
    path: '/distributorPayment/insert',
    summary: 'Pay a supplier invoice (multipart `payment` + optional `chequeImage`, or JSON)',
    body: supplierPaymentInput,
    multipart: paymentParts,
    response: supplierPaymentResponse,
    errors: [404, 413, 415],
  },
  update: {
    method: 'PATCH',
    path: '/distributorPayment/update',
    summary: 'Change a supplier payment; the invoice follows',
    body: supplierPaymentUpdateInput,
    response: supplierPaymentResponse,
    errors: [404],
  },
  delete: {
    method: 'DELETE',
    path: '/distributorPayment/delete/:id',
    summary: 'Delete a supplier payment',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
  invoiceHistory: {
    method: 'POST',
    reads: true,
    path: '/distributorPayment/invoice/:id',
    summary: 'Payments of a supplier invoice',
    params: idParams,
    body: historyFilter,
    response: supplierPaymentHistoryResponse,
  },
  partyHistory: {
    method: 'POST',
    reads: true,
    path: '/distributorPayment/distributor/:id',
    summary: 'Payments to a supplier',
    params: idParams,
    body: historyFilter,
    response: supplierPaymentHistoryResponse,
  },
  invoiceHistoryExport: {
    ...csvExportCall('/distributorPayment/invoice/:id/export', historyFilter, 'Payments of a supplier invoice'),
    params: idParams,
    errors: [404],
  },
  partyHistoryExport: {
    ...csvExportCall('/distributorPayment/distributor/:id/export', historyFilter, 'Payments to a supplier'),
    params: idParams,
    errors: [404],
  },
});
