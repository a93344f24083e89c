import type { PaymentKind } from '@wd/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  invoiceItems,
  invoices,
  payments,
  receipts,
  supplierInvoices,
  supplierPayments,
} from '../../db/schema/index.js';

/**
 * The rows the ledger keeps exact: an invoice's stored totals, the lines and
 * payments they are computed from, and a supplier invoice's amounts. Only the
 * ledger writes payments and totals; the areas read them through their own
 * repositories.
 */

/** Each kind of payment: its table, the sequence of its reference numbers and their prefix. */
const paymentTables = {
  customer: { table: payments, sequence: 'payment_reference_seq', prefix: 'PAY-' },
  supplier: { table: supplierPayments, sequence: 'distributor_payment_reference_seq', prefix: 'SPAY-' },
};

/** What each kind stores and takes. */
export interface StoredPayments {
  customer: { row: typeof payments.$inferSelect; insert: typeof payments.$inferInsert };
  supplier: { row: typeof supplierPayments.$inferSelect; insert: typeof supplierPayments.$inferInsert };
}
export type StoredPayment<K extends PaymentKind> = StoredPayments[K]['row'];

/** The kind's table with its types erased: the functions below are checked by their signatures. */
const tableOf = (kind: PaymentKind) => paymentTables[kind] as unknown as typeof paymentTables.customer;

/** The prefix of the kind's reference numbers the app gives ('PAY-', 'SPAY-'). */
export const referencePrefix = (kind: PaymentKind): string => paymentTables[kind].prefix;

/** The invoice fields the totals depend on (cents). */
const invoiceHeadColumns = {
  id: invoices.id,
  status: invoices.status,
  customerId: invoices.customerId,
  balance: invoices.balance,
  headerDiscount: invoices.headerDiscount,
  headerAwardPoints: invoices.headerAwardPoints,
};
export type InvoiceHead = NonNullable<Awaited<ReturnType<typeof ledgerRepository.invoiceHead>>>;

/** The supplier invoice fields its amounts depend on (cents). */
const supplierHeadColumns = {
  id: supplierInvoices.id,
  amountPurchase: supplierInvoices.amountPurchase,
  amountDue: supplierInvoices.amountDue,
};

export const ledgerRepository = {
  /** What the invoice's totals depend on (undefined when there is none); `lock` takes the row's lock first. */
  async invoiceHead(db: Tx, id: number, lock = false) {
    const query = db.select(invoiceHeadColumns).from(invoices).where(eq(invoices.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** The invoice's lines as the totals rule takes them (cents), oldest first. */
  linesOf(db: Tx, invoiceId: number) {
    return db
      .select({
        quantity: invoiceItems.quantity,
        sellingPrice: invoiceItems.sellingPrice,
        suggestedRetailPrice: invoiceItems.suggestedRetailPrice,
        costPrice: invoiceItems.costPrice,
        damagedGood: invoiceItems.damagedGood,
      })
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoiceId))
      .orderBy(asc(invoiceItems.id));
  },

  /** Stores an invoice's computed totals (and settled status). */
  async storeInvoiceTotals(db: Tx, id: number, values: Partial<typeof invoices.$inferInsert>) {
    await db.update(invoices).set(values).where(eq(invoices.id, id));
  },

  /** What the supplier invoice's amounts depend on (undefined when there is none); `lock` takes the row's lock first. */
  async supplierInvoiceHead(db: Tx, id: number, lock = false) {
    const query = db.select(supplierHeadColumns).from(supplierInvoices).where(eq(supplierInvoices.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async storeSupplierInvoiceAmounts(db: Tx, id: number, values: Partial<typeof supplierInvoices.$inferInsert>) {
    await db.update(supplierInvoices).set(values).where(eq(supplierInvoices.id, id));
  },

  /** The stored payments of one invoice of the kind, oldest first. */
  paymentsOf<K extends PaymentKind>(db: Tx, kind: K, invoiceId: number): Promise<StoredPayment<K>[]> {
    const { table } = tableOf(kind);
    return db.select().from(table).where(eq(table.invoiceId, invoiceId)).orderBy(asc(table.date), asc(table.id));
  },

  async findPayment<K extends PaymentKind>(db: Tx, kind: K, id: number): Promise<StoredPayment<K> | undefined> {
    const { table } = tableOf(kind);
    const [row] = await db.select().from(table).where(eq(table.id, id));
    return row as StoredPayment<K> | undefined;
  },

  /** The next reference number: PAY-000123 or SPAY-000123, from the kind's own sequence. */
  async nextReference(db: Tx, kind: PaymentKind) {
    const { sequence, prefix } = tableOf(kind);
    const result = await db.execute<{ n: string }>(sql`select nextval(${sequence}) as n`);
    return `${prefix}${String((result as unknown as { rows: { n: string }[] }).rows[0].n).padStart(6, '0')}`;
  },

  async insertPayment<K extends PaymentKind>(db: Tx, kind: K, values: StoredPayments[K]['insert']) {
    const { table } = tableOf(kind);
    const [row] = await db
      .insert(table)
      .values(values as typeof payments.$inferInsert)
      .returning();
    return row as StoredPayment<K>;
  },

  async updatePayment<K extends PaymentKind>(
    db: Tx,
    kind: K,
    id: number,
    values: Partial<StoredPayments[K]['insert']>,
  ) {
    const { table } = tableOf(kind);
    const [row] = await db
      .update(table)
      .set(values as Partial<typeof payments.$inferInsert>)
      .where(eq(table.id, id))
      .returning();
    return row as StoredPayment<K>;
  },

  async removePayment(db: Tx, kind: PaymentKind, id: number) {
    const { table } = tableOf(kind);
    await db.delete(table).where(eq(table.id, id));
  },

  /** The reference number of a receipt (a payment that is one of its shares names it). */
  async receiptReference(db: Tx, receiptId: number) {
    const [row] = await db
      .select({ referenceNo: receipts.referenceNo })
      .from(receipts)
      .where(eq(receipts.id, receiptId));
    return row?.referenceNo;
  },
};
