import { id, isoDate, nonNegativeDollars, positiveDollars, text } from './common/fields.js';
import { listFilterSchema, pageFields, periodFilterFields } from './common/list.js';
import { z } from './common/zod.js';

/**
 * Payments of both kinds (docs/business-rules.md, "Payments"): customer
 * payments against invoices (PAY-…, with discount and award points) and
 * supplier payments against supplier invoices (SPAY-…, amount only).
 */
export const PAYMENT_TYPES = ['cash', 'cheque', 'credit', 'moneyOrder'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The two kinds of payment; each has its own table, reference prefix and owning invoice. */
export const PAYMENT_KINDS = ['customer', 'supplier'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_MESSAGES = {
  chequeNoRequired: 'Please enter the Cheque No.',
  nothingPaid: 'must not be 0 when the discount is 0 too',
  notFound: 'The payment does not exist',
} as const;

const chequeNo = text().trim().max(40);
/** A cheque needs its number. */
const hasChequeNo = (v: { paymentType: string; chequeNo: string }) => v.paymentType !== 'cheque' || v.chequeNo !== '';
const chequeNoIssue = { message: PAYMENT_MESSAGES.chequeNoRequired, path: ['chequeNo'] };

/** What every new payment says: the invoice it pays, when and how. */
const newPaymentFields = { invoiceID: id(), date: isoDate(), paymentType: z.enum(PAYMENT_TYPES) };
/** What a change to a payment may say besides its amounts. */
const paymentChangeFields = {
  id: id(),
  date: isoDate().optional(),
  paymentType: z.enum(PAYMENT_TYPES).optional(),
};

/**
 * A customer payment: amount and/or discount, optional award points; a cheque
 * needs its number. No amount may be negative: a payment never takes money
 * back (an overpaid invoice shows REFUND; a refund is not a payment).
 */
export const paymentInput = z
  .object({
    ...newPaymentFields,
    amountPaid: nonNegativeDollars().default(0),
    discountRedeemed: nonNegativeDollars().default(0),
    awardPointsRedeemed: nonNegativeDollars().default(0),
    chequeNo: chequeNo.default(''),
  })
  .refine(hasChequeNo, chequeNoIssue)
  .refine((v) => v.amountPaid !== 0 || v.discountRedeemed !== 0, {
    message: PAYMENT_MESSAGES.nothingPaid,
    path: ['amountPaid'],
  });
export type PaymentInput = z.input<typeof paymentInput>;
export type PaymentCreate = z.output<typeof paymentInput>;

/** Change a customer payment: any of its fields; the invoice is recomputed. */
export const paymentUpdateInput = z.object({
  ...paymentChangeFields,
  amountPaid: nonNegativeDollars().optional(),
  discountRedeemed: nonNegativeDollars().optional(),
  chequeNo: chequeNo.optional(),
});
export type PaymentUpdateInput = z.output<typeof paymentUpdateInput>;

/** A supplier payment: an amount more than 0; a cheque needs its number. */
export const supplierPaymentInput = z
  .object({
    ...newPaymentFields,
    amountPaid: positiveDollars(),
    chequeNo: chequeNo.default(''),
  })
  .refine(hasChequeNo, chequeNoIssue);
export type SupplierPaymentInput = z.input<typeof supplierPaymentInput>;
export type SupplierPaymentCreate = z.output<typeof supplierPaymentInput>;

export const supplierPaymentUpdateInput = z.object({
  ...paymentChangeFields,
  amountPaid: positiveDollars().optional(),
  chequeNo: chequeNo.optional(),
});
export type SupplierPaymentUpdateInput = z.output<typeof supplierPaymentUpdateInput>;

/** Fields both kinds of payment answer. */
const paymentFields = {
  id: z.int(),
  referenceNo: z.string(),
  invoiceID: z.int(),
  invoiceNo: z.string(),
  date: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amountPaid: z.number(),
  /** The invoice's balance left after this payment. */
  amountDue: z.number(),
  chequeNo: z.string(),
  /** A cheque photo is stored (GET /images/cheques/{referenceNo}.jpg). */
  hasCheque: z.boolean(),
  status: z.string(),
  /** The invoice's total (a supplier invoice's amountPurchase). */
  total: z.number(),
};

export const paymentSchema = z
  .object({
    ...paymentFields,
    discountRedeemed: z.number(),
    awardPointsRedeemed: z.number(),
    biller: z.string(),
    customer: z.string(),
    /** The receipt this payment is a share of (RCT-…, docs/receivables.md "Receipts"); '' for a payment of its own. */
    receiptNo: z.string(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const supplierPaymentSchema = z
  .object({ ...paymentFields, distributor: z.string() })
  .meta({ id: 'DistributorPayment' });
export type SupplierPayment = z.infer<typeof supplierPaymentSchema>;

export const paymentResponse = z.object({ payment: paymentSchema });
export const supplierPaymentResponse = z.object({ payment: supplierPaymentSchema });

/** The body of a payment history call: a list filter with an optional date range. */
export const historyFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({ startDate: periodFilterFields.startDate, endDate: periodFilterFields.endDate }),
);
export type HistoryFilter = z.output<typeof historyFilter>;
export type HistoryFilterInput = z.input<typeof historyFilter>;

/**
 * The footer's invoice sums (total, paid, balance): the invoices the
 * matching payments pay, each counted once however many of its payments match,
 * with their totals and their balances now.
 */
const invoiceSums = {
  /** Σ of the paid invoices' totals (a supplier invoice's amountPurchase). */
  total: z.number(),
  /** Σ of the paid invoices' balances now (a supplier invoice's amountDue). */
  balance: z.number(),
};

/** Footer sums of a customer payment history: paid and discount over every matching payment. */
export const paymentHistoryTotalsSchema = z
  .object({ total: z.number(), paid: z.number(), discount: z.number(), balance: invoiceSums.balance })
  .meta({ id: 'PaymentHistoryTotals' });
export const paymentHistoryResponse = z.object({
  paymentHistory: z.array(paymentSchema),
  ...pageFields,
  totals: paymentHistoryTotalsSchema,
});

/** Footer sums of a supplier payment history. */
export const supplierPaymentHistoryTotalsSchema = z
  .object({ ...invoiceSums, paid: z.number() })
  .meta({ id: 'DistributorPaymentHistoryTotals' });
export const supplierPaymentHistoryResponse = z.object({
  paymentHistory: z.array(supplierPaymentSchema),
  ...pageFields,
  totals: supplierPaymentHistoryTotalsSchema,
});
