import { z } from 'zod';
import { isoDate } from './common/dates.js';
import { id, text } from './common/fields.js';
import { listFilterSchema, pageFields, periodFilterFields } from './common/list.js';
import { nonNegativeDollars } from './common/money.js';

/** Supplier (distributor) invoices: amountDue = amountPurchase − Σ payments. */
export const distributorInvoiceSchema = z
  .object({
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
  })
  .meta({ id: 'DistributorInvoice' });
export type DistributorInvoice = z.infer<typeof distributorInvoiceSchema>;

const fields = {
  date: isoDate(),
  distributorID: id(),
  invoiceNo: text().trim().min(1).max(40).regex(/^\d+$/, { message: 'must be a number' }),
  amountPurchase: nonNegativeDollars(),
  note: text().trim().max(2000).default(''),
};
export const distributorInvoiceInput = z.object(fields);
export type DistributorInvoiceInput = z.input<typeof distributorInvoiceInput>;
export type DistributorInvoiceCreate = z.output<typeof distributorInvoiceInput>;
export const distributorInvoiceUpdateInput = z.object({ id: id(), ...fields });
export type DistributorInvoiceUpdate = z.output<typeof distributorInvoiceUpdateInput>;

export const distributorInvoiceListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    ...periodFilterFields,
    distributor: z.union([id(), z.literal(''), z.literal(0)]).optional(),
    status: z.union([z.enum(['DUE', 'PAID', 'REFUND']), z.literal(''), z.literal('All')]).optional(),
  }),
);
export type DistributorInvoiceFilter = z.output<typeof distributorInvoiceListFilter>;

export const distributorInvoiceResponse = z.object({ distributorInvoice: distributorInvoiceSchema });
/** Footer sums of the supplier invoice list, over every matching invoice. */
export const distributorInvoiceTotalsSchema = z
  .object({ amountPurchase: z.number(), amountPaid: z.number(), amountDue: z.number() })
  .meta({ id: 'DistributorInvoiceTotals' });
export const distributorInvoicesResponse = z.object({
  distributorInvoices: z.array(distributorInvoiceSchema),
  ...pageFields,
  totals: distributorInvoiceTotalsSchema,
});

export const DISTRIBUTOR_INVOICE_MESSAGES = {
  notFound: "The Supplier Invoice doesn't exist",
  paymentNotFound: 'The payment does not exist',
} as const;
