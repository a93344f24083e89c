import { type HistoryFilter, type Payment, type PaymentKind, type SupplierPayment, toDollars } from '@wd/contracts';
import { type AnyColumn, and, Column, desc, eq, inArray, is, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { payments, receipts } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage, pageByIds, periodCondition } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { referencePrefix } from '../ledger/ledger.repository.js';

import { type CustomerPaymentRow, type SupplierPaymentRow, spec } from './payment-kinds.repository.js';

/** The footer's invoice sums: each invoice paid by a matching payment counts once, however many payments it has. */
interface InvoiceSums {
  total: number;
  balance: number;
}

/** What each kind's rows, stored rows, new rows and wire records are. */
export interface PaymentTypes {
  customer: {
    row: CustomerPaymentRow;
    wire: Payment;
    totals: { paid: number; discount: number } & InvoiceSums;
  };
  supplier: {
    row: SupplierPaymentRow;
    wire: SupplierPayment;
    totals: { paid: number } & InvoiceSums;
  };
}
export type PaymentRow<K extends PaymentKind> = PaymentTypes[K]['row'];

export function toPayment(row: CustomerPaymentRow): Payment {
  const { chequeFileId, receiptChequeFileId, ...rest } = row;
  return {
    ...rest,
    hasCheque: Boolean(chequeFileId ?? receiptChequeFileId),
    amountPaid: toDollars(row.amountPaid),
    discountRedeemed: toDollars(row.discountRedeemed),
    awardPointsRedeemed: toDollars(row.awardPointsRedeemed),
    amountDue: toDollars(row.amountDue),
    total: toDollars(row.total),
  };
}

export function toSupplierPayment(row: SupplierPaymentRow): SupplierPayment {
  const { chequeFileId, ...rest } = row;
  return {
    ...rest,
    hasCheque: Boolean(chequeFileId),
    amountPaid: toDollars(row.amountPaid),
    amountDue: toDollars(row.amountDue),
    total: toDollars(row.total),
  };
}

/** The mapper of each kind (cents → dollars, the cheque file as a flag). */
export const paymentMappers: { [K in PaymentKind]: (row: PaymentTypes[K]['row']) => PaymentTypes[K]['wire'] } = {
  customer: toPayment,
  supplier: toSupplierPayment,
};

/** The spec with the kind's types erased: the functions below are checked by their signatures. */
function of(kind: PaymentKind) {
  return spec[kind] as unknown as typeof spec.customer;
}

/**
 * A history's joins, filter and order (payments of an invoice or of a party, of one kind):
 * the page, its footer and the export share them.
 */
async function historySpec(db: Tx, kind: PaymentKind, by: 'invoice' | 'party', id: number, filter: HistoryFilter) {
  const k = of(kind);
  // With the owner on the payment itself (its invoice; a supplier payment's supplier too), the
  // count and the sums need no join: a search reads the payment's own columns, and the invoice
  // numbers it matches are looked up first among the owner's invoices (a supplier's 8,000
  // payments were each joined to their invoice to test its number).
  const alone = by === 'invoice' || k.partyOnPayment;
  const where = and(
    by === 'invoice' ? eq(k.table.invoiceId, id) : eq(k.party, id),
    periodCondition(k.table.date, filter),
    await historySearch(db, kind, by, id, filter.searchQuery),
  );
  // Sorted by the payment's own columns, the page's ids are read from the payments alone, then
  // only those rows joined (a supplier's 8,000 payments sorted by amount joined every one first).
  const onPayment = (c: unknown) => is(c, Column) && c.table === k.table;
  const sortable = k.sortable as Record<string, unknown>;
  // (An unknown column is not one: listPage answers it with a 400.)
  const ownSort = (filter.sortingList ?? []).every(
    (s) => Object.hasOwn(sortable, s.column) && onPayment(sortable[s.column]),
  );
  return {
    from: (fields: SelectedFields) => k.select(db, fields),
    countFrom: alone ? (fields: SelectedFields) => db.select(fields).from(k.table) : undefined,
    page:
      alone && ownSort ? pageByIds(db, k.table, k.table.id, where, (w) => k.select(db, k.columns).where(w)) : undefined,
    columns: k.columns,
    where,
    sortable: k.sortable as Record<string, AnyColumn | SQL>,
    order: [desc(k.table.date), desc(k.table.id)],
  };
}

/** The most invoice ids a history's search passes as values (more are read by the statement). */
const MAX_LOOKED_UP = 1_000;

/**
 * A history's search: the text in the payment's own columns (reference, cheque number, type), or
 * the payment's invoice among the owner's invoices whose number holds it.
 */
async function historySearch(
  db: Tx,
  kind: PaymentKind,
  by: 'invoice' | 'party',
  id: number,
  query: string | undefined,
): Promise<SQL | undefined> {
  const text = query?.trim();
  if (!text) return undefined;
  const k = of(kind);
  if (by === 'party' && k.partyOnPayment && (await everyPaymentMatches(db, kind, id, text))) return undefined;
  const owner = by === 'invoice' ? eq(k.invoice.table.id, id) : eq(k.invoice.party, id);
  const matching = db
    .select({ id: k.invoice.table.id })
    .from(k.invoice.table)
    .where(and(owner, searchCondition(text, [k.invoice.number])));
  const found = await matching.limit(MAX_LOOKED_UP + 1);
  // Text that most numbers hold ("Inv"): the ids would be thousands of parameters; the
  // statement then reads them itself.
  const ids = found.length > MAX_LOOKED_UP ? matching : found.map((row) => row.id);
  return or(
    searchCondition(text, k.searchable),
    Array.isArray(ids) && ids.length === 0 ? undefined : inArray(k.table.invoiceId, ids),
  );
}

/**
 * Whether every payment of a party (of a kind whose payments name their party: a supplier's)
 * holds the text: the text is a part of the prefix of the references the app gives ("SPA" of
 * "SPAY-", what one types before the digits), and every payment whose reference lacks that prefix
 * (none unless written otherwise; a partial index finds them, migration 0080) holds it in a
 * searched column too. The history then answers as with no search: its count and sums from the
 * covering indexes instead of testing each of a supplier's 8,000 payments (10 ms of SQL).
 */
async function everyPaymentMatches(db: Tx, kind: PaymentKind, id: number, text: string): Promise<boolean> {
  const k = of(kind);
  const prefix = referencePrefix(kind);
  if (!prefix.toLowerCase().includes(text.toLowerCase())) return false;
  // The prefix written into the statement, as the partial index's predicate says it.
  const [row] = rowsOf<{ every: boolean }>(
    await db.execute(sql`select not exists (select 1 from ${k.table} where ${k.party} = ${id}
      and ${k.table.referenceNo} not like ${sql.raw(`'${prefix}%'`)}
      and not coalesce(${searchCondition(text, k.searchable)}, false)) as every`),
  );
  return row.every === true;
}

export const paymentsRepository = {
  async find<K extends PaymentKind>(db: Tx, kind: K, id: number): Promise<PaymentRow<K> | undefined> {
    const k = of(kind);
    const [row] = await k.select(db, k.columns).where(eq(k.table.id, id));
    return row as PaymentRow<K> | undefined;
  },

  /**
   * Payments of an invoice, or of a party (a customer or a supplier), with the footer sums (cents):
   * paid (and discount) over every matching payment; total and balance over the invoices those
   * payments pay, each invoice once (its total and its balance now), so two payments of one
   * invoice never count its total twice.
   */
  async history<K extends PaymentKind>(
    db: Tx,
    kind: K,
    by: 'invoice' | 'party',
    id: number,
    filter: HistoryFilter,
  ): Promise<{ rows: PaymentRow<K>[]; totalRows: number; totals: PaymentTypes[K]['totals'] }> {
    const k = of(kind);
    const list = await historySpec(db, kind, by, id, filter);
    const [page, [invoiceSums]] = await Promise.all([
      listPage(filter, { ...list, totals: k.totals }),
      db
        .select({
          total: sql<number>`coalesce(sum(${k.invoice.total}), 0)`.mapWith(Number),
          balance: sql<number>`coalesce(sum(${k.invoice.balance}), 0)`.mapWith(Number),
        })
        .from(k.invoice.table)
        .where(
          and(
            // The owner's own invoices first (through their index), then those the payments name.
            by === 'invoice' ? eq(k.invoice.table.id, id) : eq(k.invoice.party, id),
            inArray(k.invoice.table.id, (list.countFrom ?? list.from)({ id: k.table.invoiceId }).where(list.where)),
          ),
        ),
    ]);
    const totals = { ...page.totals, ...invoiceSums };
    return { ...page, totals } as unknown as {
      rows: PaymentRow<K>[];
      totalRows: number;
      totals: PaymentTypes[K]['totals'];
    };
  },

  /** Whether the invoice or party whose payments a history shows exists (deleted parties' rows are kept, so they count). */
  async ownerExists(db: Tx, kind: PaymentKind, by: 'invoice' | 'party', id: number) {
    const owner = of(kind).owners[by];
    const [row] = await db.select({ id: owner.id }).from(owner).where(eq(owner.id, id));
    return Boolean(row);
  },

  /** Export CSV of a history: its statement (the screen's columns, supplier ones without Discount), columns and file name. */
  async csv(db: Tx, kind: PaymentKind, by: 'invoice' | 'party', id: number, filter: HistoryFilter) {
    const k = of(kind);
    const list = await historySpec(db, kind, by, id, filter);
    return {
      name: k.exportName[by],
      columns: k.csv,
      query: exportQuery(list, filter.sortingList, k.csv, k.csvExtra),
    };
  },

  /** The stored cheque photo's file id of a payment (a receipt's share: its receipt's), found by its reference number. */
  async chequeFileId(db: Tx, kind: PaymentKind, referenceNo: string) {
    const k = of(kind);
    const [row] = await db
      .select({ fileId: k.table.chequeFileId })
      .from(k.table)
      .where(eq(k.table.referenceNo, referenceNo));
    if (row?.fileId || kind !== 'customer') return row?.fileId ?? null;
    const [share] = await db
      .select({ fileId: receipts.chequeFileId })
      .from(payments)
      .innerJoin(receipts, eq(receipts.id, payments.receiptId))
      .where(eq(payments.referenceNo, referenceNo));
    return share?.fileId ?? null;
  },
};
