import type { InvoiceFilter } from '@wd/contracts';
import { type AnyColumn, and, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import { invoices } from '../../db/schema/index.js';
import { choice, likePattern, periodCondition } from '../../lib/list.js';

/**
 * The parts of invoice/all that keep it fast at 200,000 invoices (docs/performance-lists.md):
 * the footer from a daily roll-up, and a search that reads its rows from indexes. Every
 * figure is the same as the plain query over the rows would give.
 */

/**
 * The roll-up (migrations 0009_list_totals, 0011): per day, biller, type and status, the number of
 * submitted (not NEW) invoices and the sums of the footer's columns, kept exact by statement triggers on invoices.
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

type Source = typeof invoices | typeof dayTotals;
export interface ListAggregate {
  totalRows: number;
  totals: { total: number; paid: number; discount: number; credit: number; balance: number };
}

const sum = (column: AnyColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The filter's conditions on invoice columns; the roll-up has the same columns. */
export function invoiceConditions(filter: InvoiceFilter, t: Source = invoices): SQL | undefined {
  return and(
    periodCondition(t.date, filter),
    filter.biller ? eq(t.billerId, filter.biller) : undefined,
    choice(t.type, filter.type),
    choice(t.status, filter.status),
    // The roll-up has no customer column: a list of one customer's invoices is summed from the rows.
    filter.customer && t === invoices ? eq(invoices.customerId, filter.customer) : undefined,
  );
}

/** Count and footer sums over the invoices (or roll-up rows) that match. */
async function sums(db: Tx, t: Source, where: SQL | undefined): Promise<ListAggregate> {
  const [{ totalRows, ...totals }] = await db
    .select({
      // Each roll-up row stands for `invoices` invoices.
      totalRows: t === dayTotals ? sum(dayTotals.invoices) : sql<number>`count(*)`.mapWith(Number),
      total: sum(t.total),
      paid: sum(t.paid),
      discount: sum(t.discountRedeemed),
      credit: sum(t.amountCredited),
      balance: sum(t.balance),
    })
    .from(t as typeof invoices)
    .where(where);
  return { totalRows, totals };
}

/** Adds two sets of figures. */
function plus(a: ListAggregate, b: ListAggregate): ListAggregate {
  const totals = { ...a.totals };
  for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += b.totals[key];
  return { totalRows: a.totalRows + b.totalRows, totals };
}

/**
 * Figures over the invoices that match the filter and `where` (written for either source):
 * submitted ones from the roll-up, NEW ones (few; left out of the roll-up so that scans do
 * not queue on one row) from the rows.
 */
async function rolledUp(db: Tx, filter: InvoiceFilter, where: (t: Source) => SQL | undefined) {
  await foldRollups(db);
  const [submitted, drafts] = await Promise.all([
    sums(db, dayTotals, and(invoiceConditions(filter, dayTotals), where(dayTotals))),
    filter.status && filter.status !== 'All'
      ? undefined
      : sums(db, invoices, and(invoiceConditions(filter), eq(invoices.status, 'NEW'), where(invoices))),
  ]);
  return drafts ? plus(submitted, drafts) : submitted;
}

/** The footer of a list without a search, from at most a few roll-up rows a day. */
export function rolledUpTotals(db: Tx, filter: InvoiceFilter): Promise<ListAggregate> {
  return rolledUp(db, filter, () => undefined);
}

export interface InvoiceSearch {
  /** Replaces the plain search condition over the joins; the same rows. */
  where: SQL;
  /** The footer, when the roll-up can give part of it. */
  aggregate?: () => Promise<ListAggregate>;
}

/**
 * The search "invoice no, customer company, biller company or status contains the text",
 * split by where its rows can be found fast:
 * - narrow: the invoice number (trigram index) or a matching customer's invoices (trigram
 *   index on customers, then invoices by customer): few rows, read by id;
 * - broad: a matching biller or status, known first from the billers and the four statuses.
 *   Those rows are dense: a page in date order finds them at once, and their footer comes
 *   from the roll-up; only the narrow rows outside them are summed from the invoices.
 */
export async function invoiceSearch(db: Tx, filter: InvoiceFilter, text: string): Promise<InvoiceSearch> {
  const pattern = likePattern(text);
  const statuses = invoices.status.enumValues;
  const found = await db.execute<{ billers: number[] | string; statuses: string[] | string }>(sql`select
    array(select id from billers where company ilike ${pattern} order by id) as billers,
    array(select s from (values ${sql.join(
      statuses.map((s) => sql`(${s})`),
      sql`, `,
    )}) v(s) where s ilike ${pattern} order by s) as statuses`);
  const row = (found as unknown as { rows: { billers: unknown; statuses: unknown }[] }).rows[0];
  const billerIds = pgArray(row.billers).map(Number);
  const statusMatches = pgArray(row.statuses);

  const narrow = sql`${invoices.id} in (select n.id from invoices n where n.invoice_no ilike ${pattern}
    union select n.id from invoices n where n.customer_id in (select c.id from customers c where c.company ilike ${pattern}))`;
  const broad = (t: Source) =>
    or(
      billerIds.length ? inArray(t.billerId, billerIds) : undefined,
      statusMatches.length ? inArray(t.status, statusMatches) : undefined,
    );
  const broadRows = broad(invoices);
  if (!broadRows) return { where: narrow };
  return {
    where: or(narrow, broadRows) as SQL,
    aggregate: async () => {
      const [dense, rest] = await Promise.all([
        rolledUp(db, filter, broad),
        sums(db, invoices, and(invoiceConditions(filter), narrow, not(broadRows))),
      ]);
      return plus(dense, rest);
    },
  };
}

/** An array column as node-postgres (a JS array) or a text literal `{1,2}` gives it. */
function pgArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const inner = String(value ?? '').replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
}
