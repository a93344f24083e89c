import {
  DOCUMENT_MESSAGES,
  EMAIL_MESSAGES,
  type EmailDraft,
  type EmailPlaceholder,
  fillTemplate,
  formatDate,
  formatMoney,
  type InvoiceDocument,
  isLocalAddress,
  type Settings,
  type StatementPeriod,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { OutboxAttachment } from '../../db/schema/index.js';
import { ConflictError } from '../../lib/errors.js';
import { ediFilenames, ediFiles } from '../invoice-documents/edi-files.js';
import { issueCstore } from '../invoice-documents/edi-issue.js';
import { invoicePdfFilename, loadInvoiceDocument } from '../invoice-documents/invoice-document.js';
import { invoicePdf } from '../invoice-documents/invoice-pdf.js';
import { loadStatement } from '../receivables/statement.service.js';
import { statementFileName, statementPdf } from '../receivables/statement-pdf.js';

export type OutboxKind = 'invoicePdf' | 'invoiceEdi' | 'statementPdf';

/** A message ready for the outbox: the attachments rendered now, their bytes one after another. */
export interface ComposedMessage {
  kind: OutboxKind;
  /** The invoice of an invoice's message, or the customer of a statement. */
  invoiceId?: number;
  customerId?: number;
  to: string;
  /** Copies, separated by ', ' ('' for none). */
  cc?: string;
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

type InvoiceKind = Exclude<OutboxKind, 'statementPdf'>;
/** The templates of Settings the subject and message start from. */
export type Templates = Pick<Settings, 'emailSubject' | 'emailMessage'>;
/** What the clerk changed in the compose step (emailOptions, parsed). */
export interface ComposeOptions {
  to?: string;
  cc: string[];
  subject?: string;
  message?: string;
}

/** The invoice's values for the templates' placeholders. */
function placeholders(doc: InvoiceDocument, kind: InvoiceKind): Record<EmailPlaceholder, string> {
  const pdf = kind === 'invoicePdf';
  return {
    invoice: doc.invoice.number,
    date: formatDate(doc.invoice.date),
    amount: formatMoney(doc.amount),
    paid: formatMoney(doc.paid),
    balance: formatMoney(doc.balance),
    customer: doc.customerName,
    contact: doc.customer?.name || doc.customerName,
    biller: doc.biller.company || doc.biller.name,
    billerPhone: doc.biller.phone,
    document: pdf ? 'Invoice' : 'EDI files of invoice',
    attached: pdf ? 'Attached is' : 'Attached are the EDI files (Modisoft CSV and X12 810) of',
  };
}

/**
 * The e-mail of an invoice as the compose step shows it before Send: the customer's address,
 * the templates filled, the files by name (not rendered), and why it could not go as it is.
 */
export async function draftMessage(
  db: Tx,
  invoiceId: number,
  kind: InvoiceKind,
  templates: Templates,
  from: string,
): Promise<EmailDraft> {
  const doc = await loadInvoiceDocument(db, invoiceId);
  const values = placeholders(doc, kind);
  const to = doc.customer?.email.trim() ?? '';
  const names = ediFilenames(doc);
  return {
    from,
    to,
    cc: [],
    subject: fillTemplate(templates.emailSubject, values),
    message: fillTemplate(templates.emailMessage, values),
    attachments: kind === 'invoicePdf' ? [invoicePdfFilename(doc)] : [names.modisoft, names.cstore],
    warning: isLocalAddress(from)
      ? EMAIL_MESSAGES.localSender(from)
      : to
        ? ''
        : doc.customer
          ? EMAIL_MESSAGES.noRecipient
          : DOCUMENT_MESSAGES.walkIn,
  };
}

/**
 * The e-mail of an invoice as it is at this moment: the PDF (exactly what
 * GET invoice/pdf answers) or both EDI files (exactly the downloads), to the
 * address the clerk chose or the customer's, with the subject and message the
 * clerk wrote or the templates' (placeholders filled in either).
 * 404 for an unknown invoice, 409 without a recipient (a walk-in, a customer without e-mail).
 */
export async function composeMessage(
  db: Tx,
  invoiceId: number,
  kind: InvoiceKind,
  templates: Templates,
  options: ComposeOptions = { cc: [] },
): Promise<ComposedMessage> {
  const doc = await loadInvoiceDocument(db, invoiceId);
  const to = options.to || recipientOf(doc);
  const values = placeholders(doc, kind);
  const files =
    kind === 'invoicePdf'
      ? [{ ...(await invoicePdf(db, invoiceId)), contentType: 'application/pdf' }]
      : ediFiles(doc, await issueCstore(db, doc));
  return {
    kind,
    invoiceId,
    to,
    cc: options.cc.join(', '),
    subject: fillTemplate(options.subject ?? templates.emailSubject, values)
      .replace(/\s+/g, ' ')
      .trim(),
    body: fillTemplate(options.message ?? templates.emailMessage, values),
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
    ...packed([{ filename: statementFileName(s), contentType: 'application/pdf', data: await statementPdf(db, s) }]),
  };
}
