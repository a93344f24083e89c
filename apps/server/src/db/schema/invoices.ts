import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { files } from './files.js';
import { billers, customers } from './parties.js';
import { products } from './products.js';
import { receipts } from './receipts.js';
import { users } from './users.js';

export const invoiceNoSeq = pgSequence('invoice_no_seq');
export const paymentReferenceSeq = pgSequence('payment_reference_seq');

/**
 * Invoices. The totals are stored, in cents, and recomputed from the lines and
 * payments in the same transaction as any change to them (under a row lock).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNo: text('invoice_no').notNull().unique(),
    date: date('date', { mode: 'string' }).notNull(),
    type: text('type', { enum: ['invoice', 'consignment'] })
      .notNull()
      .default('invoice'),
    billerId: integer('biller_id')
      .notNull()
      .default(1)
      .references(() => billers.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['NEW', 'DUE', 'PAID', 'REFUND'] })
      .notNull()
      .default('NEW'),
    consignmentStatus: text('consignment_status', { enum: ['DUE', 'PAID'] }),
    remarks: text('remarks').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The header's own discount and award points (payments add theirs). */
    headerDiscount: integer('header_discount').notNull().default(0),
    headerAwardPoints: integer('header_award_points').notNull().default(0),
    showSuggestedAnalysis: integer('show_suggested_analysis').notNull().default(0),
    showIndividualMargin: integer('show_individual_margin').notNull().default(0),
    showDamagedGoods: integer('show_damaged_goods').notNull().default(0),
    mergeInvoiceItems: integer('merge_invoice_items').notNull().default(0),
    total: integer('total').notNull().default(0),
    amountCredited: integer('amount_credited').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    discountRedeemed: integer('discount_redeemed').notNull().default(0),
    awardPointsRedeemed: integer('award_points_redeemed').notNull().default(0),
    balance: integer('balance').notNull().default(0),
    totalSuggested: integer('total_suggested').notNull().default(0),
    suggestedCredited: integer('suggested_credited').notNull().default(0),
    /**
     * Sums of its lines the reports show per customer and biller (migration 0070), stored with the
     * totals above from the same lines: cost (quantity × cost price, lines not damaged), selling
     * (subtotals of the lines not damaged), resellable and damaged (the credits of those returns).
     * A period cut mid-month then reads the cut days' invoices without their lines.
     */
    linesCost: bigint('lines_cost', { mode: 'number' }).notNull().default(0),
    linesSelling: bigint('lines_selling', { mode: 'number' }).notNull().default(0),
    linesResellable: bigint('lines_resellable', { mode: 'number' }).notNull().default(0),
    linesDamaged: bigint('lines_damaged', { mode: 'number' }).notNull().default(0),
    /** The units of its sale lines (quantity > 0, not damaged): the dashboard's units sold. */
    linesUnitsSold: bigint('lines_units_sold', { mode: 'number' }).notNull().default(0),
    /** The driver's device the invoice was made on (docs/route-mode.md); null for the office's. */
    deviceId: text('device_id'),
    /** When the device printed the store's copy. */
    printedAt: timestamp('printed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Where its goods leave from and returns go back to (docs/stock.md): the warehouse (1), or the
     * truck of the driver whose device made it. A stock_locations id (the foreign key is declared
     * in migration 0032, not here, so that this file does not import the stock schema).
     */
    stockLocationId: integer('stock_location_id').notNull().default(1),
    /**
     * The number block a device's invoice was numbered from (docs/route-mode.md); null for the
     * office's. Set by the sync, so the office's view of the routes and a block's used numbers read
     * invoices by their block instead of searching the blocks' arrays for each number. A
     * number_blocks id (the foreign key is declared in migration 0033, not here: delivery-routes.ts
     * imports this file).
     */
    numberBlockId: integer('number_block_id'),
    /**
     * The biller's and the customer's company as the list sorts by them (null: a walk-in), kept
     * by triggers (migration 0041): on a new invoice or a change of its biller or customer, and
     * on a rename. The list then sorts by either from an index instead of joining every invoice.
     */
    billerSort: text('biller_sort'),
    customerSort: text('customer_sort'),
    ...timestamps,
  },
  (t) => [
    index('invoices_date_idx').on(t.date),
    /**
     * The invoice list's sorts (docs/performance-lists.md): each sortable column, then the date
     * and the id, read forwards for an ascending sort and backwards for a descending one.
     */
    index('invoices_status_date_id_idx').on(t.status, t.date, t.id),
    index('invoices_type_date_id_idx').on(t.type, t.date, t.id),
    index('invoices_paid_date_id_idx').on(t.paid, t.date, t.id),
    index('invoices_balance_date_id_idx').on(t.balance, t.date, t.id),
    index('invoices_discount_date_id_idx').on(t.discountRedeemed, t.date, t.id),
    index('invoices_credited_date_id_idx').on(t.amountCredited, t.date, t.id),
    index('invoices_biller_sort_idx').on(t.billerSort, t.date, t.id),
    index('invoices_customer_sort_idx').on(t.customerSort, t.date, t.id),
    /**
     * Invoices whose number is not the app's own `Invoice/<n>` (none, unless imported): when
     * there are none, a search for a part of "Invoice/" matches every invoice.
     */
    index('invoices_other_numbers_idx').on(t.id).where(sql`${t.invoiceNo} not ilike 'Invoice/%'`),
    index('invoices_biller_idx').on(t.billerId),
    index('invoices_customer_date_idx').on(t.customerId, t.date),
    /** A day's device invoices, for the office's view of the routes. */
    index('invoices_device_date_idx').on(t.date, t.deviceId).where(sql`${t.deviceId} is not null`),
    /** A block's invoices: its used numbers. */
    index('invoices_number_block_idx').on(t.numberBlockId).where(sql`${t.numberBlockId} is not null`),
  ],
);

/** A line keeps a snapshot of the product as it was when added. */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    barcode: text('barcode').notNull(),
    costPrice: integer('cost_price').notNull(),
    sellingPrice: integer('selling_price').notNull(),
    suggestedRetailPrice: integer('suggested_retail_price').notNull(),
    quantity: integer('quantity').notNull(),
    subtotal: integer('subtotal').notNull(),
    damagedGood: boolean('damaged_good').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoiceId),
    index('invoice_items_product_idx').on(t.productId),
    // The reports read an invoice's lines from this index alone (index-only scans; docs/reports.md).
    index('invoice_items_report_idx').on(
      t.invoiceId,
      t.quantity,
      t.damagedGood,
      t.costPrice,
      t.subtotal,
      t.barcode,
      t.productName,
    ),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    referenceNo: text('reference_no').notNull().unique(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    paymentType: text('payment_type', { enum: ['cash', 'cheque', 'credit', 'moneyOrder'] }).notNull(),
    amountPaid: integer('amount_paid').notNull(),
    discountRedeemed: integer('discount_redeemed').notNull().default(0),
    awardPointsRedeemed: integer('award_points_redeemed').notNull().default(0),
    amountDue: integer('amount_due').notNull(),
    chequeNo: text('cheque_no').notNull().default(''),
    chequeFileId: integer('cheque_file_id').references(() => files.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('paid'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The receipt this payment is a share of (docs/receivables.md "Receipts"); null for a payment of its own. */
    receiptId: integer('receipt_id').references(() => receipts.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_date_idx').on(t.date),
    index('payments_receipt_idx').on(t.receiptId),
  ],
);
