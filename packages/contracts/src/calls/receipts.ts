import { defineCalls } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { idParams } from '../common/fields.js';
import { openInvoicesResponse, receiptInput, receiptResponse, receiptsResponse } from '../receipts.js';

/** Receipts (docs/receivables.md "Receipts"): one amount from a customer split over their open invoices. */
export const receiptCalls = defineCalls('receipts', {
  openInvoices: {
    method: 'GET',
    path: '/receipt/open/:id',
    summary: "A customer's open (DUE) invoices, oldest first, with their balances: what a receipt can pay",
    params: idParams,
    response: openInvoicesResponse,
    errors: [404],
  },
  create: {
    method: 'POST',
    path: '/receipt/insert',
    summary:
      'Receive a payment for several invoices (multipart `receipt` + optional `chequeImage`, or JSON): one payment per share, in one transaction',
    body: receiptInput,
    multipart: { json: 'receipt', file: 'chequeImage', fileRequired: false },
    response: receiptResponse,
    errors: [404, 409, 413, 415],
  },
  get: {
    method: 'GET',
    path: '/receipt/:id',
    summary: 'A receipt with its shares and their invoices as they stand now',
    params: idParams,
    response: receiptResponse,
    errors: [404],
  },
  customerReceipts: {
    method: 'GET',
    path: '/receipt/customer/:id',
    summary: "A customer's receipts, newest first",
    params: idParams,
    response: receiptsResponse,
    errors: [404],
  },
  delete: {
    method: 'DELETE',
    path: '/receipt/delete/:id',
    summary: 'Delete a receipt: every share (payment) and the cheque photo go, each invoice is recomputed',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
});
