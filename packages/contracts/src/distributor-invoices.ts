import { z } from 'zod';
import { isoDate } from './common/dates.js';
import { listFilterSchema, pageFields, periodFilterFields } from './common/list.js';
import { nonNegativeDollars } from './common/money.js';
import { PAYMENT_TYPES } from './invoices.js';

/** Supplier (distributor) invoices: amountDue = amountPurchase − Σ payments. */
export const distributorInvoiceSchema = z.object({
  id: z.int(),
  date: z.string(),
  datePaid: z.string().nullable(),
  distributorID: z.int(),
  distributor: z.string(),
  invoiceNo: z.string(),
  amountPurchase: z.number(),
  amountPaid: z.number(),
  amountDue: z.number(),
  note: z.string(),
  status: z.enum(['DUE', 'PAID', 'REFUND']),
});
export type DistributorInvoice = z.infer<typeof distributorInvoiceSchema>;

const fields = {
  date: isoDate(),
  distributorID: z.int().positive(),
  invoiceNo: z.string().trim().min(1).max(40).regex(/^\d+$/, { message: 'must be a number' }),
  amountPurchase: nonNegativeDollars(),
  note: z.string().trim().max(2000).default(''),
};
export const distributorInvoiceInput = z.object(fields);
export type DistributorInvoiceInput = z.input<typeof distributorInvoiceInput>;
export const distributorInvoiceUpdateInput = z.object({ id: z.int().positive(), ...fields });

export const distributorInvoiceListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    ...periodFilterFields,
    distributor: z.union([z.int().positive(), z.literal(''), z.literal(0)]).optional(),
    status: z.union([z.enum(['DUE', 'PAID', 'REFUND']), z.literal(''), z.literal('All')]).optional(),
  }),
);

export const distributorPaymentInput = z
  .object({
    invoiceID: z.int().positive(),
    date: isoDate(),
    paymentType: z.enum(PAYMENT_TYPES),
    amountPaid: nonNegativeDollars().refine((v) => v > 0, { message: 'must be more than 0' }),
    chequeNo: z.string().trim().max(40).default(''),
  })
  .refine((v) => v.paymentType !== 'cheque' || v.chequeNo !== '', {
    message: 'Please enter the Cheque No.',
    path: ['chequeNo'],
  });

export const distributorPaymentUpdateInput = z.object({
  id: z.int().positive(),
  date: isoDate().optional(),
  paymentType: z.enum(PAYMENT_TYPES).optional(),
  amountPaid: nonNegativeDollars()
    .refine((v) => v > 0, { message: 'must be more than 0' })
    .optional(),
  chequeNo: z.string().trim().max(40).optional(),
});

export const distributorPaymentSchema = z.object({
  id: z.int(),
  referenceNo: z.string(),
  invoiceID: z.int(),
  invoiceNo: z.string(),
  distributor: z.string(),
  date: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amountPaid: z.number(),
  amountDue: z.number(),
  chequeNo: z.string(),
  hasCheque: z.boolean(),
  status: z.string(),
  total: z.number(),
});
export type DistributorPayment = z.infer<typeof distributorPaymentSchema>;

export const distributorInvoiceResponse = z.object({ distributorInvoice: distributorInvoiceSchema });
export const distributorInvoicesResponse = z.object({
  distributorInvoices: z.array(distributorInvoiceSchema),
  ...pageFields,
  totals: z.object({ amountPurchase: z.number(), amountPaid: z.number(), amountDue: z.number() }),
});
export const distributorPaymentResponse = z.object({ payment: distributorPaymentSchema });

export const DISTRIBUTOR_INVOICE_MESSAGES = {
  notFound: "The Supplier Invoice doesn't exist",
  paymentNotFound: 'The payment does not exist',
} as const;
