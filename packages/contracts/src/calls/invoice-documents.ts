import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import { listFilterSchema } from '../common/list.js';
import { z } from '../common/zod.js';
import { emailDraftResponse, emailOptions } from '../email.js';
import {
  invoiceDocumentResponse,
  invoiceSendResponse,
  invoiceSentResponse,
  OUTBOX_STATUSES,
  outboxResponse,
} from '../invoice-documents.js';
import { csvFile, fileResponse, pdfFile } from '../parties.js';

/**
 * Invoice documents (docs/invoice-documents.md): the printed invoice's model,
 * its PDF, its two EDI files, and sending them by e-mail through the outbox.
 * One table per part so each part registers its own routes.
 */
const TAG = 'invoice documents';

export const invoiceDocumentCalls = defineCalls(TAG, {
  document: {
    method: 'GET',
    path: '/invoice/document/:id',
    summary: 'The printed invoice: parties, lines, footer rows and flags, as the print views, the PDF and EDI use it',
    params: idParams,
    response: invoiceDocumentResponse,
    errors: [404],
  },
});

export const invoicePdfCalls = defineCalls(TAG, {
  pdf: {
    method: 'GET',
    path: '/invoice/pdf/:id',
    summary:
      'The invoice as a PDF (A4 or Letter as the settings say, 10 mm margins), downloaded as <invoice number>.pdf',
    params: idParams,
    response: pdfFile,
    errors: [404],
  },
});

export const invoiceEdiCalls = defineCalls(TAG, {
  modisoft: {
    method: 'GET',
    path: '/invoice/edi/modisoft/:id',
    summary: 'EDI MS: the invoice as CSV (RFC 4180), one row per line',
    params: idParams,
    response: csvFile,
    errors: [404],
  },
  cstore: {
    method: 'GET',
    path: '/invoice/edi/cstore/:id',
    summary: 'EDI C: the invoice as an ANSI X12 810 (004010)',
    params: idParams,
    response: fileResponse('application/edi-x12'),
    errors: [404],
  },
});

export const invoiceMailCalls = defineCalls(TAG, {
  send: {
    method: 'POST',
    path: '/invoice/send/:id',
    summary:
      "E-mails the invoice PDF (sent at once, or queued in the outbox): to the customer's address, or as composed (JSON body or the multipart part `email`: to, cc, subject, message)",
    params: idParams,
    body: emailOptions,
    response: invoiceSendResponse,
    errors: [404, 409],
    multipart: { json: 'email', jsonOptional: true, file: 'invoicePDF', fileRequired: false, accept: 'pdf' },
  },
  sendEdi: {
    method: 'POST',
    path: '/invoice/send/edi/:id',
    summary: "E-mails both EDI files: to the customer's address, or as composed (to, cc, subject, message)",
    params: idParams,
    body: emailOptions,
    response: invoiceSendResponse,
    errors: [404, 409],
  },
  draft: {
    method: 'GET',
    path: '/invoice/send/draft/:id',
    summary:
      "The invoice PDF's e-mail as it would go now, for the compose step: sender, recipient, subject, message, files",
    params: idParams,
    response: emailDraftResponse,
    errors: [404],
  },
  draftEdi: {
    method: 'GET',
    path: '/invoice/send/edi/draft/:id',
    summary: "The EDI files' e-mail as it would go now, for the compose step",
    params: idParams,
    response: emailDraftResponse,
    errors: [404],
  },
  sent: {
    method: 'GET',
    path: '/invoice/sent/:id',
    summary: 'The messages sent (or waiting) for an invoice, newest first',
    params: idParams,
    response: invoiceSentResponse,
    errors: [404],
  },
});

export const outboxListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({ status: z.union([z.enum(OUTBOX_STATUSES), z.literal(''), z.literal('All')]).optional() }),
);
export type OutboxFilter = z.output<typeof outboxListFilter>;

export const outboxCalls = defineCalls('outbox', {
  list: {
    method: 'POST',
    reads: true,
    path: '/outbox/all',
    summary: 'Queued, sent and failed messages, newest first',
    auth: 'admin',
    body: outboxListFilter,
    response: outboxResponse,
  },
  retry: {
    method: 'POST',
    path: '/outbox/retry/:id',
    summary: 'Tries a queued or failed message again now',
    auth: 'admin',
    params: idParams,
    response: invoiceSendResponse,
    errors: [404, 409],
  },
});
