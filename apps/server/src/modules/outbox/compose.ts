import { DOCUMENT_MESSAGES, formatDate, formatMoney, type InvoiceDocument } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { OutboxAttachment } from '../../db/schema/index.js';
import { ConflictError } from '../../lib/errors.js';
import { ediFiles } from '../invoice-documents/edi-files.js';
import { loadInvoiceDocument } from '../invoice-documents/invoice-document.js';
import { invoicePdf } from '../invoice-documents/invoice-pdf.js';

export type OutboxKind = 'invoicePdf' | 'invoiceEdi';

/** A message ready for the outbox: the attachments rendered now, their bytes one after another. */
export interface ComposedMessage {
  kind: OutboxKind;
  invoiceId: number;
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
export async function composeMessage(db: Tx, invoiceId: number, kind: OutboxKind): Promise<ComposedMessage> {
  const doc = await loadInvoiceDocument(db, invoiceId);
  const to = recipientOf(doc);
  const from = doc.biller.company || doc.biller.name;
  const files =
    kind === 'invoicePdf' ? [{ ...(await invoicePdf(db, invoiceId)), contentType: 'application/pdf' }] : ediFiles(doc);
  const attachments: OutboxAttachment[] = [];
  let offset = 0;
  for (const f of files) {
    attachments.push({ filename: f.filename, contentType: f.contentType, offset, size: f.data.length });
    offset += f.data.length;
  }
  const pdf = kind === 'invoicePdf';
  return {
    kind,
    invoiceId,
    to,
    subject: `${pdf ? 'Invoice' : 'EDI files of invoice'} ${doc.invoice.number}${from ? ` from ${from}` : ''}`,
    body: letter(doc, pdf ? 'Attached is' : 'Attached are the EDI files (Modisoft CSV and X12 810) of'),
    attachments,
    data: Buffer.concat(files.map((f) => f.data)),
  };
}
