import { type Receipt, type ReceiptShare, toDollars } from '@wd/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../../db/client.js';
import { customers, invoices, payments, receipts } from '../../db/schema/index.js';

/** Receipts and their shares (docs/receivables.md "Receipts"). Money is cents here. */

const receiptColumns = {
  id: receipts.id,
  referenceNo: receipts.referenceNo,
  customerID: receipts.customerId,
  customer: customers.company,
  date: receipts.date,
  paymentType: receipts.paymentType,
  amount: receipts.amount,
  unallocated: receipts.unallocated,
  chequeNo: receipts.chequeNo,
  chequeFileId: receipts.chequeFileId,
};
type ReceiptRow = SelectResultFields<typeof receiptColumns>;

const shareColumns = {
  receiptId: payments.receiptId,
  paymentID: payments.id,
  referenceNo: payments.referenceNo,
  invoiceID: payments.invoiceId,
  invoiceNo: invoices.invoiceNo,
  invoiceDate: invoices.date,
  amountPaid: payments.amountPaid,
  amountDue: payments.amountDue,
  status: invoices.status,
  balance: invoices.balance,
};

const selectReceipts = (db: Tx) =>
  db.select(receiptColumns).from(receipts).innerJoin(customers, eq(customers.id, receipts.customerId));

/** The shares of some receipts, by receipt, oldest invoice first. */
async function sharesOf(db: Tx, receiptIds: number[]) {
  const byReceipt = new Map<number, ReceiptShare[]>(receiptIds.map((id) => [id, []]));
  if (receiptIds.length === 0) return byReceipt;
  const rows = await db
    .select(shareColumns)
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(inArray(payments.receiptId, receiptIds))
    .orderBy(asc(invoices.date), asc(invoices.id));
  for (const { receiptId, ...row } of rows) {
    byReceipt.get(receiptId as number)?.push({
      ...row,
      amountPaid: toDollars(row.amountPaid),
      amountDue: toDollars(row.amountDue),
      balance: toDollars(row.balance),
    });
  }
  return byReceipt;
}

function toReceipt(row: ReceiptRow, shares: ReceiptShare[]): Receipt {
  const { chequeFileId, ...rest } = row;
  return {
    ...rest,
    amount: toDollars(row.amount),
    unallocated: toDollars(row.unallocated),
    hasCheque: Boolean(chequeFileId),
    shares,
  };
}

export const receiptsRepository = {
  /** The next reference number: RCT-000123, from its own sequence. */
  async nextReference(db: Tx) {
    const result = await db.execute<{ n: string }>(sql`select nextval('receipt_reference_seq') as n`);
    return `RCT-${String((result as unknown as { rows: { n: string }[] }).rows[0].n).padStart(6, '0')}`;
  },

  async insert(db: Tx, values: typeof receipts.$inferInsert) {
    const [row] = await db.insert(receipts).values(values).returning({ id: receipts.id });
    return row.id;
  },

  /** The stored row, locked for a change (undefined when there is none). */
  async lock(db: Tx, id: number) {
    const [row] = await db.select().from(receipts).where(eq(receipts.id, id)).for('update');
    return row;
  },

  /** A receipt with its shares and their invoices as they stand now. */
  async find(db: Tx, id: number): Promise<Receipt | undefined> {
    const [row] = await selectReceipts(db).where(eq(receipts.id, id));
    if (!row) return undefined;
    return toReceipt(row, (await sharesOf(db, [id])).get(id) ?? []);
  },

  /** A customer's receipts, newest first. */
  async ofCustomer(db: Tx, customerId: number): Promise<Receipt[]> {
    const rows = await selectReceipts(db)
      .where(eq(receipts.customerId, customerId))
      .orderBy(desc(receipts.date), desc(receipts.id));
    const shares = await sharesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toReceipt(r, shares.get(r.id) ?? []));
  },

  /** The stored payments of a receipt (its shares). */
  payments(db: Tx, receiptId: number) {
    return db.select().from(payments).where(eq(payments.receiptId, receiptId)).orderBy(asc(payments.invoiceId));
  },

  async remove(db: Tx, id: number) {
    await db.delete(receipts).where(eq(receipts.id, id));
  },

  /** A customer's open (DUE) invoices, oldest first, with their balances (cents). */
  openInvoices(db: Tx, customerId: number) {
    return db
      .select({
        id: invoices.id,
        invoiceNo: invoices.invoiceNo,
        date: invoices.date,
        total: invoices.total,
        balance: invoices.balance,
      })
      .from(invoices)
      .where(and(eq(invoices.customerId, customerId), eq(invoices.status, 'DUE')))
      .orderBy(asc(invoices.date), asc(invoices.id));
  },

  /** An invoice read under its lock: what a share of a receipt is checked against. */
  async invoice(db: Tx, id: number) {
    const [row] = await db
      .select({
        id: invoices.id,
        invoiceNo: invoices.invoiceNo,
        date: invoices.date,
        customerId: invoices.customerId,
        status: invoices.status,
        balance: invoices.balance,
      })
      .from(invoices)
      .where(eq(invoices.id, id));
    return row;
  },

  /** The stored cheque photo's file id of a receipt, by its reference number. */
  async chequeFileId(db: Tx, referenceNo: string) {
    const [row] = await db
      .select({ fileId: receipts.chequeFileId })
      .from(receipts)
      .where(eq(receipts.referenceNo, referenceNo));
    return row?.fileId ?? null;
  },
};
