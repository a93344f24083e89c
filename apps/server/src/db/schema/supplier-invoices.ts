import { date, index, integer, pgSequence, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { files } from './files.js';
import { suppliers } from './parties.js';
import { products } from './products.js';
import { users } from './users.js';

export const supplierPaymentReferenceSeq = pgSequence('distributor_payment_reference_seq');

/** What the business owes its suppliers; amounts in cents, recomputed from the payments. */
export const supplierInvoices = pgTable(
  'distributor_invoices',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    datePaid: date('date_paid', { mode: 'string' }),
    supplierId: integer('distributor_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    invoiceNo: text('invoice_no').notNull(),
    amountPurchase: integer('amount_purchase').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    amountDue: integer('amount_due').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['DUE', 'PAID', 'REFUND'] })
      .notNull()
      .default('DUE'),
    /** The supplier's company, kept by triggers (migration 0063): the list sorts by it from an index. */
    supplierSort: text('supplier_sort'),
    ...timestamps,
  },
  (t) => [
    index('distributor_invoices_date_idx').on(t.date),
    index('distributor_invoices_distributor_idx').on(t.supplierId),
    // The list's sorts: the column, then date and id in the sort's direction, read through the
    // index either way.
    index('distributor_invoices_invoice_no_sort_idx').on(t.invoiceNo, t.date, t.id),
    index('distributor_invoices_purchase_sort_idx').on(t.amountPurchase, t.date, t.id),
    index('distributor_invoices_paid_sort_idx').on(t.amountPaid, t.date, t.id),
    index('distributor_invoices_due_sort_idx').on(t.amountDue, t.date, t.id),
    index('distributor_invoices_status_sort_idx').on(t.status, t.date, t.id),
    index('distributor_invoices_supplier_sort_idx').on(t.supplierSort, t.date, t.id),
  ],
);

export const supplierPayments = pgTable(
  'distributor_payments',
  {
    id: serial('id').primaryKey(),
    referenceNo: text('reference_no').notNull().unique(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
    /**
     * The invoice's supplier, so one supplier's payments are read through an index in date order
     * (a supplier's history). Kept by triggers (migration 0046): set from the invoice on every
     * insert and change of invoice, and moved when the invoice's supplier changes; whatever a
     * writer sends is replaced.
     */
    supplierId: integer('distributor_id').notNull().default(0),
    date: date('date', { mode: 'string' }).notNull(),
    paymentType: text('payment_type', { enum: ['cash', 'cheque', 'credit', 'moneyOrder'] }).notNull(),
    amountPaid: integer('amount_paid').notNull(),
    amountDue: integer('amount_due').notNull(),
    chequeNo: text('cheque_no').notNull().default(''),
    chequeFileId: integer('cheque_file_id').references(() => files.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('paid'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('distributor_payments_invoice_idx').on(t.invoiceId),
    index('distributor_payments_distributor_date_idx').on(t.supplierId, t.date, t.id),
  ],
);

/**
 * What a supplier invoice received (docs/stock.md): a trigger writes each line's change as a
 * 'received' movement into the warehouse. A product appears once per supplier invoice.
 */
export const supplierInvoiceLines = pgTable(
  'distributor_invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Cost per unit, cents. */
    cost: integer('cost').notNull(),
    subtotal: integer('subtotal').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('distributor_invoice_lines_product_idx').on(t.invoiceId, t.productId),
    index('distributor_invoice_lines_product_id_idx').on(t.productId),
  ],
);
