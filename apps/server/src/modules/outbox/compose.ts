import { DOCUMENT_MESSAGES, formatDate, formatMoney, type InvoiceDocument, type StatementPeriod } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { OutboxAttachment } from '../../db/schema/index.js';
import { ConflictError } from '../../lib/errors.js';
import { ediFiles } from '../invoice-documents/edi-files.js';
import { issueCstore } from '../invoice-documents/edi-issue.js';
import { loadInvoiceDocument } from '../invoice-documents/invoice-document.js';
import { invoicePdf } from '../invoice-documents/invoice-pdf.js';
import { loadStatement } from '../receivables/statement.service.js';
import { renderStatementPdf, statementFileName } from '../receivables/statement-pdf.js';

export type OutboxKind = 'invoicePdf' | 'invoiceEdi' | 'statementPdf';

/** A message ready for the outbox: the attachments rendered now, their bytes one after another. */
export interface ComposedMessage {
  kind: OutboxKind;
  /** The invoice of an invoice's message, or the customer of a statement. */
  invoiceId?: number;
  customerId?: number;
  to: string;
  subject: string;
  body: string;
  attachments: OutboxAttachment[];
  data: Buffer;
}

/** The customer's address, or the refusal: a walk-in invoice has no one to send to, a customer may have no address. */
export function recipientOf(doc: InvoiceDocument): string {
  if (!doc.customer) throw new ConflictError(DOCUMENT_MESSAGES.walkIn);
  const to = doc.customer.email.trim();
  if (!to) throw new ConflictError(DOCUMENT_MESSAGES.noEmail);
  return to;
}

function letter(doc: InvoiceDocument, what: string): string {
  const from = doc.biller.company || doc.biller.name;
  return [
    `Dear ${doc.customer?.name || doc.customerName},`,
    '',
    `${what} invoice ${doc.invoice.number} of ${formatDate(doc.invoice.date)}: amount ${formatMoney(doc.amount)}, paid ${formatMoney(doc.paid)}, balance ${formatMoney(doc.balance)}.`,
    '',
    'Thank you for your business.',
    from,
    ...(doc.biller.phone ? [doc.biller.phone] : []),
  ].join('\n');
}

/**
 * The e-mail of an invoice as it is at this moment: the PDF (exactly what
 * GET invoice/pdf answers) or both EDI files (exactly the downloads).
 * 404 for an unknown invoice, 409 for a walk-in or a customer without e-mail.
 */
export async function composeMessage(
  db: Tx,
  invoiceId: number,
  kind: Exclude<OutboxKind, 'statementPdf'>,
): Promise<ComposedMessage> {
  const doc = await loadInvoiceDocument(db, invoiceId);
  const to = recipientOf(doc);
  const from = doc.biller.company || doc.biller.name;
  const files =
    kind === 'invoicePdf'
      ? [{ ...(await invoicePdf(db, invoiceId)), contentType: 'application/pdf' }]
      : ediFiles(doc, await issueCstore(db, doc));
  const pdf = kind === 'invoicePdf';
  return {
    kind,
    invoiceId,
    to,
    subject: `${pdf ? 'Invoice' : 'EDI files of invoice'} ${doc.invoice.number}${from ? ` from ${from}` : ''}`,
    body: letter(doc, pdf ? 'Attached is' : 'Attached are the EDI files (Modisoft CSV and X12 810) of'),
    ...packed(files),
  };
}

/** The attachments' names and types, and their bytes one after another. */
function packed(files: { filename: string; contentType: string; data: Buffer }[]) {
  const attachments: OutboxAttachment[] = [];
  let offset = 0;
  for (const f of files) {
    attachments.push({ filename: f.filename, contentType: f.contentType, offset, size: f.data.length });
    offset += f.data.length;
  }
  return { attachments, data: Buffer.concat(files.map((f) => f.data)) };
}

/**
 * A customer's statement for a period as an e-mail with its PDF (exactly what
 * customer/statement/pdf answers). 404 for an unknown customer, 409 without an address.
 */
export async function composeStatement(
  db: Tx,
  customerId: number,
  period: StatementPeriod,
  today: string,
): Promise<ComposedMessage> {
  const s = await loadStatement(db, customerId, period, today);
  const to = s.customer.email.trim();
  if (!to) throw new ConflictError(DOCUMENT_MESSAGES.noEmail);
  const from = s.from.company;
  const range = `${formatDate(s.startDate)} to ${formatDate(s.endDate)}`;
  const body = [
    `Dear ${s.customer.name || s.customer.company},`,
    '',
    `Attached is your statement of account for ${range}: opening balance ${formatMoney(s.openingBalance)}, charges ${formatMoney(s.totalCharges)}, credits ${formatMoney(s.totalCredits)}, closing balance ${formatMoney(s.closingBalance)}.`,
    '',
    'Thank you for your business.',
    from,
    ...(s.from.phone ? [s.from.phone] : []),
  ].join('\n');
  return {
    kind: 'statementPdf',
    customerId,
    to,
    subject: `Statement of account ${range}${from ? ` from ${from}` : ''}`,
    body,
    ...packed([{ filename: statementFileName(s), contentType: 'application/pdf', data: await renderStatementPdf(s) }]),
  };
}
