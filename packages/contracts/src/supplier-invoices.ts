import { id, isoDate, nonNegativeDollars, text } from './common/fields.js';
import { listFilterSchema, pageFields, periodFilterFields } from './common/list.js';
import { z } from './common/zod.js';

/** Supplier (distributor) invoices: amountDue = amountPurchase − Σ payments. */
export const supplierInvoiceSchema = z
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
export type SupplierInvoice = z.infer<typeof supplierInvoiceSchema>;

/**
 * A line of what was received (docs/stock.md): saving the supplier invoice receives it into the
 * warehouse. A product appears once per supplier invoice.
 */
export const supplierInvoiceLineInput = z.object({
  productID: id(),
  quantity: z.int().min(1).max(1_000_000),
  /** Cost per unit, dollars. */
  cost: nonNegativeDollars(),
});
export type SupplierInvoiceLineInput = z.input<typeof supplierInvoiceLineInput>;

export const supplierInvoiceLineSchema = z
  .object({
    productID: z.int(),
    product: z.string(),
    barcode: z.string(),
    quantity: z.int(),
    cost: z.number(),
    /** quantity × cost, dollars. */
    subtotal: z.number(),
  })
  .meta({ id: 'DistributorInvoiceLine' });
export type SupplierInvoiceLine = z.infer<typeof supplierInvoiceLineSchema>;

const fields = {
  date: isoDate(),
  distributorID: id(),
  invoiceNo: text().trim().min(1).max(40).regex(/^\d+$/, { message: 'must be a number' }),
  /** With lines, it must equal their total. */
  amountPurchase: nonNegativeDollars(),
  note: text().trim().max(2000).default(''),
  /**
   * The products received. Left out on an update, the lines stay as they are; sent (even empty),
   * they replace them, and only what changed moves stock.
   */
  lines: z.array(supplierInvoiceLineInput).max(2_000).optional(),
};
export const supplierInvoiceInput = z.object(fields);
export type SupplierInvoiceInput = z.input<typeof supplierInvoiceInput>;
export type SupplierInvoiceCreate = z.output<typeof supplierInvoiceInput>;
export const supplierInvoiceUpdateInput = z.object({ id: id(), ...fields });
export type SupplierInvoiceUpdate = z.output<typeof supplierInvoiceUpdateInput>;

export const supplierInvoiceListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    ...periodFilterFields,
    distributor: z.union([id(), z.literal(''), z.literal(0)]).optional(),
    status: z.union([z.enum(['DUE', 'PAID', 'REFUND']), z.literal(''), z.literal('All')]).optional(),
  }),
);
export type SupplierInvoiceFilter = z.output<typeof supplierInvoiceListFilter>;

export const supplierInvoiceResponse = z.object({
  distributorInvoice: supplierInvoiceSchema,
  /** What it received, in the order entered (empty for an amount-only invoice). */
  lines: z.array(supplierInvoiceLineSchema),
});
/** Footer sums of the supplier invoice list, over every matching invoice. */
export const supplierInvoiceTotalsSchema = z
  .object({ amountPurchase: z.number(), amountPaid: z.number(), amountDue: z.number() })
  .meta({ id: 'DistributorInvoiceTotals' });
export const supplierInvoicesResponse = z.object({
  distributorInvoices: z.array(supplierInvoiceSchema),
  ...pageFields,
  totals: supplierInvoiceTotalsSchema,
});

export const SUPPLIER_INVOICE_MESSAGES = {
  notFound: "The Supplier Invoice doesn't exist",
  paymentNotFound: 'The payment does not exist',
  amountNotLines: (total: string) => `Amount Purchase must equal the lines' total, ${total}`,
  productTwice: (name: string) => `${name} is on the invoice twice: put its whole quantity on one line`,
  productNotFound: (id: number) => `Product ${id} doesn't exist`,
} as const;
