import { id, isoDate, nonNegativeDollars, positiveDollars, text } from './common/fields.js';
import { z } from './common/zod.js';
import { PAYMENT_MESSAGES, PAYMENT_TYPES } from './payments.js';

/**
 * Receipts (docs/receivables.md "Receipts"): one amount from a customer (one
 * cheque for a week of deliveries) split over their open invoices. Each share
 * is a payment of its invoice with the receipt's reference; what no invoice
 * takes is kept on the receipt as credit on account (`unallocated`).
 */

export const RECEIPT_MESSAGES = {
  notFound: 'The receipt does not exist',
  customerNotFound: "The customer doesn't exist",
  /** A payment that is a share of a receipt changes only with its receipt. */
  partOfReceipt: (referenceNo: string) =>
    `This payment is part of receipt ${referenceNo}: delete the receipt to change its shares`,
  /** The invoice's open balance moved (another payment came first): the split no longer fits. */
  shareTooLarge: (invoiceNo: string, open: string) =>
    `Invoice ${invoiceNo} now has only ${open} open: another payment came first; reload the open invoices`,
  notOpen: (invoiceNo: string) => `Invoice ${invoiceNo} is not open (DUE) for this customer`,
  duplicateInvoice: 'An invoice appears twice in the split',
  noCheque: 'The receipt has no cheque image',
  invoiceInReceipt: (invoiceNo: string, referenceNo: string) =>
    `${invoiceNo} is paid in part by receipt ${referenceNo}: delete the receipt first`,
} as const;

/** One share of the amount: the invoice and the dollars it takes (0 = none). */
export const receiptShareInput = z.object({ invoiceID: id(), amount: nonNegativeDollars() });

/** A new receipt: who paid, when, how, how much, and how it is split; a cheque needs its number. */
export const receiptInput = z
  .object({
    customerID: id(),
    date: isoDate(),
    paymentType: z.enum(PAYMENT_TYPES),
    amount: positiveDollars(),
    chequeNo: text().trim().max(40).default(''),
    /** Keep what the shares leave of the amount as credit on account (otherwise it must be 0). */
    creditOnAccount: z.boolean().default(false),
    allocations: z.array(receiptShareInput).max(1000),
  })
  .refine((v) => v.paymentType !== 'cheque' || v.chequeNo !== '', {
    message: PAYMENT_MESSAGES.chequeNoRequired,
    path: ['chequeNo'],
  });
export type ReceiptInput = z.input<typeof receiptInput>;
export type ReceiptCreate = z.output<typeof receiptInput>;

/** An open (DUE) invoice of the customer, as the receipt form lists it (oldest first). */
export const openInvoiceSchema = z
  .object({ id: z.int(), invoiceNo: z.string(), date: z.string(), total: z.number(), balance: z.number() })
  .meta({ id: 'OpenInvoice' });
export type OpenInvoiceRow = z.infer<typeof openInvoiceSchema>;
export const openInvoicesResponse = z.object({ invoices: z.array(openInvoiceSchema) });

/** One share as stored: its payment and its invoice as it stands now. */
export const receiptShareSchema = z
  .object({
    paymentID: z.int(),
    /** The payment's own reference (PAY-…). */
    referenceNo: z.string(),
    invoiceID: z.int(),
    invoiceNo: z.string(),
    invoiceDate: z.string(),
    amountPaid: z.number(),
    /** The invoice's balance left after this share. */
    amountDue: z.number(),
    /** The invoice's status and balance now. */
    status: z.string(),
    balance: z.number(),
  })
  .meta({ id: 'ReceiptShare' });
export type ReceiptShare = z.infer<typeof receiptShareSchema>;

export const receiptSchema = z
  .object({
    id: z.int(),
    /** RCT-000001, from its own sequence. */
    referenceNo: z.string(),
    customerID: z.int(),
    customer: z.string(),
    date: z.string(),
    paymentType: z.enum(PAYMENT_TYPES),
    amount: z.number(),
    /** Credit on account: the part of the amount no invoice took. */
    unallocated: z.number(),
    chequeNo: z.string(),
    /** A cheque photo is stored (GET /images/receipts/{referenceNo}.jpg). */
    hasCheque: z.boolean(),
    shares: z.array(receiptShareSchema),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponse = z.object({ receipt: receiptSchema });
export const receiptsResponse = z.object({ receipts: z.array(receiptSchema) });
