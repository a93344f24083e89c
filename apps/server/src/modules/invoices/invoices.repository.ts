import {
  type Invoice,
  type InvoiceFilter,
  type InvoiceTotals,
  type InvoiceTotalsCents,
  toDollars,
  WALK_IN_CUSTOMER,
} from '@wd/contracts';
import { type AnyColumn, and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, type SelectedFields, text } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../../db/client.js';
import { billers, customers, invoices } from '../../db/schema/index.js';
import { choice, listPage, periodCondition, searchCondition } from '../../lib/list.js';
import { idRows } from '../../lib/table-rows.js';

/** An invoice with its biller's and customer's names and the customer's price group. */
function select(db: Tx, fields: SelectedFields) {
  return db
    .select(fields)
    .from(invoices)
    .innerJoin(billers, eq(billers.id, invoices.billerId))
    .leftJoin(customers, eq(customers.id, invoices.customerId));
}

const invoiceColumns = {
  id: invoices.id,
  invoiceNo: invoices.invoiceNo,
  date: invoices.date,
  type: invoices.type,
  billerID: invoices.billerId,
  biller: billers.company,
  customerID: sql<number>`coalesce(${invoices.customerId}, 0)`.mapWith(Number),
  customer: sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`,
  priceGroupID: sql<number>`coalesce(${customers.priceGroupId}, 1)`.mapWith(Number),
  status: invoices.status,
  consignmentStatus: invoices.consignmentStatus,
  remarks: invoices.remarks,
  notes: invoices.notes,
  total: invoices.total,
  amountCredited: invoices.amountCredited,
  paid: invoices.paid,
  discountRedeemed: invoices.discountRedeemed,
  awardPointsRedeemed: invoices.awardPointsRedeemed,
  balance: invoices.balance,
  headerDiscount: invoices.headerDiscount,
  headerAwardPoints: invoices.headerAwardPoints,
  showSuggestedAnalysis: invoices.showSuggestedAnalysis,
  showIndividualMargin: invoices.showIndividualMargin,
  showDamagedGoods: invoices.showDamagedGoods,
  mergeInvoiceItems: invoices.mergeInvoiceItems,
  totalSuggested: invoices.totalSuggested,
  suggestedCredited: invoices.suggestedCredited,
};
export type InvoiceRow = SelectResultFields<typeof invoiceColumns>;

const MONEY = [
  'total',
  'amountCredited',
  'paid',
  'discountRedeemed',
  'awardPointsRedeemed',
  'balance',
  'headerDiscount',
  'headerAwardPoints',
] as const;

/** Cents → dollars; the stored suggested totals stay inside (the summary computes its own). */
export function toInvoice(row: InvoiceRow): Invoice {
  const { totalSuggested: _, suggestedCredited: __, ...rest } = row;
  const out = { ...rest } as Record<string, unknown>;
  for (const k of MONEY) out[k] = toDollars(row[k]);
  return out as Invoice;
}

/** Computed totals (cents) → the wire's dollars. */
export function toInvoiceTotals(t: InvoiceTotalsCents): InvoiceTotals {
  return {
    total: toDollars(t.total),
    amountCredited: toDollars(t.amountCredited),
    discountRedeemed: toDollars(t.discountRedeemed),
    paid: toDollars(t.paid),
    balance: toDollars(t.balance),
    totalSuggested: toDollars(t.totalSuggested),
    suggestedCredited: toDollars(t.suggestedCredited),
    totalSuggestedProfit: toDollars(t.totalSuggestedProfit),
    suggestedBalance: toDollars(t.suggestedBalance),
  };
}

const sortable = {
  id: invoices.id,
  invoiceNo: invoices.id,
  date: invoices.date,
  type: invoices.type,
  biller: billers.company,
  customer: customers.company,
  status: invoices.status,
  total: invoices.total,
  paid: invoices.paid,
  discountRedeemed: invoices.discountRedeemed,
  amountCredited: invoices.amountCredited,
  balance: invoices.balance,
};

/** Sort keys that are invoice columns: a page in their order is read from the invoices alone first. */
const ownSort = new Set([
  'id',
  'invoiceNo',
  'date',
  'type',
  'status',
  'total',
  'paid',
  'discountRedeemed',
  'amountCredited',
  'balance',
]);

/**
 * The list footer's roll-up (migration 0009_list_totals): per day, biller, type and status, the
 * number of invoices and the sums of the footer's columns, kept exact by triggers on invoices.
 * Not in the schema folder: only this list reads it, and only the triggers write it.
 */
const dayTotals = pgTable('invoice_day_totals', {
  date: date('date', { mode: 'string' }).notNull(),
  billerId: integer('biller_id').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  invoices: bigint('invoices', { mode: 'number' }).notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  discountRedeemed: bigint('discount_redeemed', { mode: 'number' }).notNull(),
  amountCredited: bigint('amount_credited', { mode: 'number' }).notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull(),
});
const sum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The footer of a list without a search: the same figures as from the rows, from at most one roll-up row a day. */
async function rolledUpTotals(db: Tx, filter: InvoiceFilter) {
  const [row] = await db
    .select({
      totalRows: sum(dayTotals.invoices),
      total: sum(dayTotals.total),
      paid: sum(dayTotals.paid),
      discount: sum(dayTotals.discountRedeemed),
      credit: sum(dayTotals.amountCredited),
      balance: sum(dayTotals.balance),
    })
    .from(dayTotals)
    .where(and(...invoiceConditions(filter, dayTotals)));
  const { totalRows, ...totals } = row;
  return { totalRows, totals };
}

/** The filter's conditions on invoice columns (the same on the roll-up, which has them too). */
function invoiceConditions(filter: InvoiceFilter, t: typeof invoices | typeof dayTotals): (SQL | undefined)[] {
  return [
    periodCondition(t.date, filter),
    filter.biller ? eq(t.billerId, filter.biller) : undefined,
    choice(t.type, filter.type),
    choice(t.status, filter.status),
  ];
}

/** The list footer: sums over every matching invoice, in cents. */
const listTotals = {
  total: sql`${invoices.total}`,
  paid: sql`${invoices.paid}`,
  discount: sql`${invoices.discountRedeemed}`,
  credit: sql`${invoices.amountCredited}`,
  balance: sql`${invoices.balance}`,
};

export const invoicesRepository = {
  ...idRows(invoices),
  list(db: Tx, filter: InvoiceFilter) {
    const search = searchCondition(filter.searchQuery, [
      invoices.invoiceNo,
      customers.company,
      billers.company,
      invoices.status,
    ]);
    const own = and(...invoiceConditions(filter, invoices));
    const ownOrder = !search && (filter.sortingList ?? []).every((item) => ownSort.has(item.column));
    return listPage(filter, {
      from: (fields) => select(db, fields),
      columns: invoiceColumns,
      where: and(search, own),
      sortable,
      order: [desc(invoices.date), desc(invoices.id)],
      totals: listTotals,
      aggregate: search ? undefined : () => rolledUpTotals(db, filter),
      // The page's ids from an index in the page's order (deep pages skip index entries, not joined rows).
      page: ownOrder
        ? (order, limit, offset) => {
            const ids = db
              .select({ id: invoices.id })
              .from(invoices)
              .where(own)
              .orderBy(...order)
              .limit(limit)
              .offset(offset);
            return select(db, invoiceColumns)
              .where(inArray(invoices.id, ids))
              .orderBy(...order);
          }
        : undefined,
    });
  },

  async find(db: Tx, id: number) {
    const [row] = await select(db, invoiceColumns).where(eq(invoices.id, id));
    return row as InvoiceRow | undefined;
  },

  /** Locks the invoice row: every change to its lines, payments or header takes this lock first. */
  async lock(db: Tx, id: number) {
    const [row] = await db
      .select({ id: invoices.id, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, id))
      .for('update');
    return row;
  },

  async nextInvoiceNo(db: Tx) {
    const result = await db.execute<{ n: string }>(sql`select nextval('invoice_no_seq') as n`);
    return `Invoice/${(result as unknown as { rows: { n: string }[] }).rows[0].n}`;
  },
};
