import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import { invoiceSendResponse, invoiceSentResponse } from '../invoice-documents.js';
import { csvFile, pdfFile } from '../parties.js';
import {
  agingFilter,
  agingResponse,
  customerCreditResponse,
  statementPeriod,
  statementResponse,
} from '../receivables.js';

/** Receivables (docs/receivables.md): the aging report (a page and CSV) and a customer's statement of account. */
export const receivablesCalls = defineCalls('receivables', {
  aging: {
    method: 'POST',
    reads: true,
    path: '/reports/aging',
    summary: 'Aging: per customer, open balances of DUE invoices by days since the invoice date, as of a date',
    body: agingFilter,
    response: agingResponse,
  },
  agingCsv: {
    method: 'POST',
    reads: true,
    path: '/reports/aging/csv',
    summary: 'Aging as CSV: every matching customer, then a totals row (text/csv)',
    body: agingFilter,
    response: csvFile,
  },
  statement: {
    method: 'POST',
    reads: true,
    path: '/customer/statement/:id',
    summary:
      "A customer's statement for a period: opening balance, invoices and payments with a running balance, closing balance",
    params: idParams,
    body: statementPeriod,
    response: statementResponse,
    errors: [404],
  },
  statementPdf: {
    method: 'POST',
    reads: true,
    path: '/customer/statement/pdf/:id',
    summary: 'The statement as a PDF (application/pdf), drawn from the same model',
    params: idParams,
    body: statementPeriod,
    response: pdfFile,
    errors: [404],
  },
  credit: {
    method: 'GET',
    reads: true,
    path: '/customer/credit/:id',
    summary: "A customer's credit limit and open balance (the sum of their DUE invoices' balances)",
    params: idParams,
    response: customerCreditResponse,
    errors: [404],
  },
});

/** A statement by e-mail, through the outbox like invoices (docs/email.md): the server's registers these with the mailer. */
export const statementMailCalls = defineCalls('receivables', {
  send: {
    method: 'POST',
    path: '/customer/statement/email/:id',
    summary:
      "E-mails the statement PDF for the period to the customer's address (sent at once, or queued in the outbox)",
    params: idParams,
    body: statementPeriod,
    response: invoiceSendResponse,
    errors: [404, 409],
  },
  sent: {
    method: 'GET',
    path: '/customer/statement/sent/:id',
    summary: "The statements e-mailed to a customer, newest first, with each one's delivery status",
    params: idParams,
    response: invoiceSentResponse,
    errors: [404],
  },
});
