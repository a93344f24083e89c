import { pageFields } from './common/list.js';
import { z } from './common/zod.js';
import { INVOICE_STATUSES, INVOICE_TYPES } from './invoice-names.js';

/**
 * The printed invoice: one model built on the server from the invoice, its
 * parties and its lines (rules/invoice-document.ts), read by the print and
 * thermal views, rendered to PDF and written as EDI files, so none of them can
 * disagree (docs/invoice-documents.md). Money in dollars, like every answer.
 */
export const documentPartySchema = z
  .object({
    id: z.int(),
    company: z.string(),
    /** The contact person. */
    name: z.string(),
    /** Street, "City, ST 12345", country: the lines printed under the company. */
    addressLines: z.array(z.string()),
    phone: z.string(),
    email: z.string(),
  })
  .meta({ id: 'DocumentParty' });
export type DocumentParty = z.infer<typeof documentPartySchema>;

export const documentBillerSchema = documentPartySchema
  .extend({
    /** Address of the biller's logo image (served without a token), '' when it has none. */
    logo: z.string(),
  })
  .meta({ id: 'DocumentBiller' });
export type DocumentBiller = z.infer<typeof documentBillerSchema>;

/** What heads a view: the biller's block, the fixed consignment banner, or nothing. */
export const DOCUMENT_HEADS = ['biller', 'consignmentBanner', 'none'] as const;
export type DocumentHead = (typeof DOCUMENT_HEADS)[number];

export const documentLineSchema = z
  .object({
    kind: z.literal('line'),
    /** 1, 2, 3 … in the order the lines were added. */
    no: z.int(),
    id: z.int(),
    productID: z.int(),
    barcode: z.string(),
    /** The product's symbology (upca, ean13, ean8, code128); '' when the product is gone. */
    symbology: z.string(),
    description: z.string(),
    /** Negative for a return. */
    quantity: z.int(),
    /** The product's units per case (unitQuantity), 1 when the product is gone. */
    unitsPerCase: z.int(),
    unitPrice: z.number(),
    suggestedRetailPrice: z.number(),
    subtotal: z.number(),
    /** quantity × suggested retail price. */
    suggestedSubtotal: z.number(),
    /** 100 × (1 − unit price / suggested retail), null without a retail price. */
    marginPercent: z.number().nullable(),
    damagedGood: z.boolean(),
  })
  .meta({ id: 'DocumentLine' });
export type DocumentLine = z.infer<typeof documentLineSchema>;

/** Consignment invoices: after each run of lines with the same barcode, the run's quantity and subtotal. */
export const documentGroupRowSchema = z
  .object({
    kind: z.literal('groupSubtotal'),
    barcode: z.string(),
    description: z.string(),
    quantity: z.int(),
    subtotal: z.number(),
  })
  .meta({ id: 'DocumentGroupRow' });
export type DocumentGroupRow = z.infer<typeof documentGroupRowSchema>;

export const documentRowSchema = z.discriminatedUnion('kind', [documentLineSchema, documentGroupRowSchema]);
export type DocumentRow = z.infer<typeof documentRowSchema>;

export const FOOTER_ROWS = {
  totalAmount: 'Total Amount',
  totalCredit: 'Total Credit',
  redeemedDiscount: 'Redeemed Discount Value',
  redeemedPoints: 'Redeemed Points Value',
  totalPaid: 'Total Paid',
  totalBalance: 'Total Balance',
} as const;
export type FooterRowKey = keyof typeof FOOTER_ROWS;

export const documentFooterRowSchema = z
  .object({
    key: z.enum(Object.keys(FOOTER_ROWS) as [FooterRowKey, ...FooterRowKey[]]),
    label: z.string(),
    amount: z.number(),
  })
  .meta({ id: 'DocumentFooterRow' });
export type DocumentFooterRow = z.infer<typeof documentFooterRowSchema>;

/** The suggestion columns (showSuggestedAnalysis): Total Sugg, Sugg Credit, Margin %, Sugg Balance. */
export const documentSuggestionsSchema = z
  .object({
    totalSuggested: z.number(),
    suggestedCredited: z.number(),
    /** 100 × (1 − amount / suggested balance), null when the suggested balance is 0. */
    marginPercent: z.number().nullable(),
    suggestedBalance: z.number(),
    totalSuggestedProfit: z.number(),
  })
  .meta({ id: 'DocumentSuggestions' });
export type DocumentSuggestions = z.infer<typeof documentSuggestionsSchema>;

/** The proof of delivery of an invoice made on a driver's device: who received it, their signature, when and where. */
export const documentProofSchema = z
  .object({
    receivedBy: z.string(),
    /** ISO date-time. */
    signedAt: z.string(),
    /** The signature as a data: URL (PNG). */
    signature: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .meta({ id: 'DocumentProof' });
export type DocumentProof = z.infer<typeof documentProofSchema>;

export const invoiceDocumentSchema = z
  .object({
    invoice: z.object({
      id: z.int(),
      invoiceNo: z.string(),
      /** The part after 'Invoice/': what the printout calls the invoice number. */
      number: z.string(),
      type: z.enum(INVOICE_TYPES),
      status: z.enum(INVOICE_STATUSES),
      consignmentStatus: z.enum(['DUE', 'PAID']).nullable(),
      /** YYYY-MM-DD. */
      date: z.string(),
    }),
    biller: documentBillerSchema,
    /** null: a walk-in customer. */
    customer: documentPartySchema.nullable(),
    /** The customer's company, or 'Walk-in customer'. */
    customerName: z.string(),
    /** What heads the letter-size print and the thermal strip (biller 1 rules). */
    head: z.object({ print: z.enum(DOCUMENT_HEADS), thermal: z.enum(DOCUMENT_HEADS) }),
    /** Optional columns, from the invoice's flags. */
    columns: z.object({ suggested: z.boolean(), margin: z.boolean(), damaged: z.boolean() }),
    lines: z.array(documentLineSchema),
    /** The lines, with a group subtotal row after each run of one barcode on consignment invoices. */
    rows: z.array(documentRowSchema),
    /** Shown footer rows in order; redeemed rows at $0.00 are left out. */
    footer: z.array(documentFooterRowSchema),
    /** Only with showSuggestedAnalysis. */
    suggestions: documentSuggestionsSchema.nullable(),
    /** Σ quantity of the lines (returns count negative). */
    totalQuantity: z.int(),
    /** The invoice amount: total − amountCredited (what EDI carries; not the balance). */
    amount: z.number(),
    total: z.number(),
    amountCredited: z.number(),
    paid: z.number(),
    balance: z.number(),
    /** Notes For Customer ('' when none). */
    notes: z.string(),
    /** The proof of delivery, for an invoice made on a driver's device; null otherwise. */
    proof: documentProofSchema.nullable(),
  })
  .meta({ id: 'InvoiceDocument' });
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;
export const invoiceDocumentResponse = z.object({ invoiceDocument: invoiceDocumentSchema });

/** The text printed above the consignment banner image and in its place where no image can go. */
export const CONSIGNMENT_BANNER_TEXT = 'CONSIGNMENT';

// ---------------------------------------------------------------- e-mail and the outbox

export const OUTBOX_KINDS = ['invoicePdf', 'invoiceEdi', 'statementPdf'] as const;
export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;

/** A message waiting in, or gone through, the outbox. */
export const outboxMessageSchema = z
  .object({
    id: z.int(),
    kind: z.enum(OUTBOX_KINDS),
    /** The invoice the message is about; 0 for a statement. */
    invoiceID: z.int(),
    invoiceNo: z.string(),
    /** The customer a statement went to; 0 for an invoice's message. */
    customerID: z.int(),
    to: z.string(),
    /** Copies, separated by ', ' ('' for none). */
    cc: z.string(),
    subject: z.string(),
    /** The attachments' file names. */
    attachments: z.array(z.string()),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.int(),
    /** The last refusal or connection error, '' when none. */
    lastError: z.string(),
    /** ISO timestamps. */
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    /** Who asked for it. */
    createdBy: z.string(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** What a send answers: what happened in words, and the message as the outbox holds it. */
export const invoiceSendResponse = z.object({ message: z.string(), outboxMessage: outboxMessageSchema });
export type InvoiceSendResult = z.infer<typeof invoiceSendResponse>;
export const invoiceSentResponse = z.object({ outboxMessages: z.array(outboxMessageSchema) });
export const outboxResponse = z.object({ outboxMessages: z.array(outboxMessageSchema), ...pageFields });

export const DOCUMENT_MESSAGES = {
  noEmail: 'This customer has no e-mail address. Add one on the customer before sending.',
  walkIn: 'A walk-in invoice has no customer to send it to.',
  sent: (to: string) => `The invoice was sent to ${to}`,
  statementSent: (to: string) => `The statement was sent to ${to}`,
  queued: (to: string) =>
    `The mail server could not be reached; the message to ${to} waits in the outbox and will be retried`,
  outboxNotFound: 'The message does not exist',
  alreadySent: 'This message was sent already',
} as const;
