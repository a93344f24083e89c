import type { InvoiceFilter } from '@wd/contracts';
import { type AnyColumn, and, eq, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { type PeriodBounds, splitPeriod } from '../../db/periods.js';
import {
  invoiceDayTotals as dayTotals,
  invoiceMonthTotals as monthTotals,
  invoiceDayTotalDeltas as pendingTotals,
} from '../../db/rollups.js';
import { invoices } from '../../db/schema/index.js';
import { choice, periodCondition } from '../../lib/list.js';
import { likePattern } from '../../lib/list-search.js';

/**
 * The parts of invoice/all that keep it fast at 200,000 invoices (docs/performance-lists.md):
 * the footer from the month and day roll-ups, and a search that reads its rows from indexes. Every
 * figure is the same as the plain query over the rows would give.
 */

/** The day totals as splitPeriod's edge days name them (`i.date`). */
const edgeDays = alias(dayTotals, 'i');
type Totals = typeof dayTotals | typeof edgeDays | typeof pendingTotals | typeof monthTotals;
type Source = typeof invoices | Totals;
export interface ListAggregate {
  totalRows: number;
  totals: { total: number; paid: number; discount: number; credit: number; balance: number };
}

const sum = (column: AnyColumn | SQL) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The filter's conditions other than its period, on the columns every source has. */
function ownConditions(filter: InvoiceFilter, t: Source): SQL | undefined {
  return and(
    filter.biller ? eq(t.billerId, filter.biller) : undefined,
    choice(t.type, filter.type),
    choice(t.status, filter.status),
    // The roll-ups have no customer column: a list of one customer's invoices is summed from the rows.
    filter.customer && t === invoices ? eq(invoices.customerId, filter.customer) : undefined,
  );
}

/** The filter's conditions on invoice columns; the day totals and their deltas have the same columns. */
export function invoiceConditions(
  filter: InvoiceFilter,
  t: typeof invoices | typeof dayTotals | typeof pendingTotals = invoices,
): SQL | undefined {
  return and(periodCondition(t.date, filter), ownConditions(filter, t));
}

/** Count and footer sums over the invoices (or roll-up rows, or pending deltas) that match: one part of `sums`. */
function sumsOf(db: Tx, t: Source, where: SQL | undefined) {
  return db
    .select({
      // Each roll-up row (and each delta) stands for `invoices` invoices.
      totalRows: t === invoices ? sql<number>`count(*)`.mapWith(Number) : sum((t as Totals).invoices),
      total: sum(t.total),
      paid: sum(t.paid),
      discount: sum(t.discountRedeemed),
      credit: sum(t.amountCredited),
      balance: sum(t.balance),
    })
    .from(t as typeof invoices)
    .where(where);
}
type SumsPart = ReturnType<typeof sumsOf>;

/** The parts' figures added up, read in one statement (one snapshot, one round trip). */
async function sums(parts: SumsPart[]): Promise<ListAggregate> {
  const [first, second, ...rest] = parts;
  const rows = second ? await unionAll(first, second, ...rest) : await first;
  const totals = { total: 0, paid: 0, discount: 0, credit: 0, balance: 0 };
  let totalRows = 0;
  for (const row of rows) {
    totalRows += row.totalRows;
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += row[key];
  }
  return { totalRows, totals };
}

/**
 * The parts of the figures over the invoices that match the filter and `where` (written for any
 * source): submitted ones from the roll-ups (the period's whole months from the month totals, its
 * edge days from the day totals) and the deltas not folded yet, NEW ones (few; left out of the
 * roll-ups so that scans do not queue on one row) from the rows. Read together in one statement
 * they need no fold first (invoiceDayTotalDeltas).
 */
function rolledUp(db: Tx, filter: InvoiceFilter, where: (t: Source) => SQL | undefined, withNew = true): SumsPart[] {
  const { months, days, allHistory } = splitPeriod(filter);
  const submitted = (t: Totals, period: SQL | undefined) =>
    sumsOf(db, t, and(period, ownConditions(filter, t), where(t)));
  const parts = [submitted(monthTotals, months)];
  if (!allHistory) parts.push(submitted(edgeDays, days));
  parts.push(submitted(pendingTotals, periodCondition(pendingTotals.date, filter)));
  if (withNew && (!filter.status || filter.status === 'All')) {
    // 'NEW' written into the statement: as a parameter, the statement's one kept plan took it for
    // any status and walked 36 months of invoices by date to find the 15 drafts (57 ms, not 0.1).
    parts.push(sumsOf(db, invoices, and(invoiceConditions(filter), sql`${invoices.status} = 'NEW'`, where(invoices))));
  }
  return parts;
}

/** The footer of a list without a search, from at most a few roll-up rows a day. */
export function rolledUpTotals(db: Tx, filter: InvoiceFilter): Promise<ListAggregate> {
  return sums(rolledUp(db, filter, () => undefined));
}

/**
 * How many submitted (not NEW) invoices a period holds: the roll-ups and their deltas not folded
 * yet, in one statement, so no fold is needed first.
 */
export async function submittedCount(db: Tx, period: PeriodBounds): Promise<number> {
  const { startDate, endDate, month, year } = period;
  return (await sums(rolledUp(db, { startDate, endDate, month, year } as InvoiceFilter, () => undefined, false)))
    .totalRows;
}

export interface InvoiceSearch {
  /** Replaces the plain search condition over the joins; the same rows. */
  where: SQL;
  /** The footer, when the roll-up can give part of it. */
  aggregate?: () => Promise<ListAggregate>;
}

/**
 * Whether a search text matches every invoice: it is a part of "Invoice/", which begins every
 * number the app gives (the office's sequence and the drivers' blocks), and no invoice has another
 * kind of number (a partial index holds those; normally it is empty). The list then answers as
 * with no search, from its indexes and its roll-up, instead of testing every row.
 */
export async function everyInvoiceMatches(db: Tx, text: string): Promise<boolean> {
  if (!'invoice/'.includes(text.toLowerCase())) return false;
  const result = await db.execute<{ every: boolean }>(
    sql`select not exists (select 1 from invoices where invoice_no not ilike 'Invoice/%') as every`,
  );
  return (result as unknown as { rows: { every: boolean }[] }).rows[0].every === true;
}

/**
 * Whether the text (any case) can be a part of a number the app gives: "Invoice/" and then digits.
 * A part without digits is a part of "Invoice/"; one with digits starts with an end of "Invoice/".
 */
export function partOfAppNumber(text: string): boolean {
  const [, head, digits] = /^([^0-9]*)([0-9]*)$/.exec(text.toLowerCase()) ?? [];
  if (head === undefined) return false;
  return digits ? 'invoice/'.endsWith(head) : 'invoice/'.includes(head);
}

/**
 * `n.invoice_no ILIKE '%text%'`, read from the trigram index by its rarest part: a text that ends
 * in three or more digits ("Invoice/199995") is looked up by the digits, which every match
 * contains, and the whole text is then checked on those rows. Looked up whole, the trigrams of
 * "Invoice/", which every number has, made the index scan ~30 ms at 200,000 invoices (0.2 ms).
 * A text no number the app gives can contain (a product's or a customer's name) can only be in
 * a number given otherwise (an import's): those are read from their partial index (normally
 * empty) instead of the trigram index, where a long name's common trigrams ("  1" of "1gal")
 * cost 16 ms to find nothing.
 */
export function numberMatch(text: string): SQL {
  if (!partOfAppNumber(text)) {
    return sql`n.invoice_no not ilike 'Invoice/%' and n.invoice_no ilike ${likePattern(text)}`;
  }
  const digits = /\d{3,}$/.exec(text)?.[0];
  if (!digits || digits === text) return sql`n.invoice_no ilike ${likePattern(text)}`;
  // `|| ''` keeps the planner from looking the whole text up in the index too.
  return sql`n.invoice_no ilike ${likePattern(digits)} and (n.invoice_no || '') ilike ${likePattern(text)}`;
}

/**
 * The ids of the invoices whose number contains the text (any case), read by numberMatch, at
 * most `limit + 1` of them: more than `limit` says the numbers are dense.
 */
export async function numbersMatching(db: Tx, text: string, limit: number): Promise<number[]> {
  const found = await db.execute(
    sql`select array(select n.id from invoices n where ${numberMatch(text)} limit ${limit + 1}) as numbers`,
  );
  return pgArray((found as unknown as { rows: { numbers: unknown }[] }).rows[0].numbers).map(Number);
}

/**
 * Above this many invoice numbers matching, the numbers are dense ("Inv", "voice/1"): their rows
 * are found by walking the list's order, not read by id from the trigram index.
 */
export const DENSE_NUMBERS = 2000;

/**
 * The search "invoice no, customer company, biller company or status contains the text",
 * split by where its rows can be found fast:
 * - narrow: the invoice number (trigram index) or a matching customer's invoices (trigram
 *   index on customers, then invoices by customer): few rows, read by id; unless more than
 *   `denseAt` numbers match (a part every number has, like "Inv"): the condition is then tested
 *   on the rows as the page walks its index, which finds matches at once;
 * - broad: a matching biller or status, known first from the billers and the four statuses.
 *   Those rows are dense: a page in date order finds them at once, and their footer comes
 *   from the roll-up; only the narrow rows outside them are summed from the invoices.
 */
export async function invoiceSearch(
  db: Tx,
  filter: InvoiceFilter,
  text: string,
  denseAt = DENSE_NUMBERS,
): Promise<InvoiceSearch> {
  const pattern = likePattern(text);
  const statuses = invoices.status.enumValues;
  const found = await db.execute<{ billers: number[] | string; statuses: string[] | string }>(sql`select
    array(select id from billers where company ilike ${pattern} order by id) as billers,
    array(select s from (values ${sql.join(
      statuses.map((s) => sql`(${s})`),
      sql`, `,
    )}) v(s) where s ilike ${pattern} order by s) as statuses,
    array(select n.id from invoices n where ${numberMatch(text)} limit ${denseAt + 1}) as numbers`);
  const row = (found as unknown as { rows: { billers: unknown; statuses: unknown; numbers: unknown }[] }).rows[0];
  const billerIds = pgArray(row.billers).map(Number);
  const statusMatches = pgArray(row.statuses);

  // The invoices whose number matches, read once from the trigram index (a number's common part,
  // "Invoice/", makes that scan the search's dearest step) and passed on as ids.
  const numbers = pgArray(row.numbers);
  const customerMatch = sql`(select c.id from customers c where c.company ilike ${pattern})`;
  const narrow =
    numbers.length > denseAt
      ? sql`(${invoices.invoiceNo} ilike ${pattern} or ${invoices.customerId} in ${customerMatch})`
      : sql`${invoices.id} in (select unnest(${`{${numbers.join(',')}}`}::int[])
    union select n.id from invoices n where n.customer_id in ${customerMatch})`;
  const broad = (t: Source) =>
    or(
      billerIds.length ? inArray(t.billerId, billerIds) : undefined,
      statusMatches.length ? inArray(t.status, statusMatches) : undefined,
    );
  const broadRows = broad(invoices);
  if (!broadRows) {
    // Many numbers match: their footer is summed from the invoices alone (no joins).
    return numbers.length > denseAt
      ? { where: narrow, aggregate: () => sums([sumsOf(db, invoices, and(invoiceConditions(filter), narrow))]) }
      : { where: narrow };
  }
  return {
    where: or(narrow, broadRows) as SQL,
    aggregate: () =>
      sums([
        ...rolledUp(db, filter, broad),
        sumsOf(db, invoices, and(invoiceConditions(filter), narrow, not(broadRows))),
      ]),
  };
}

/** An array column as node-postgres (a JS array) or a text literal `{1,2}` gives it. */
function pgArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const inner = String(value ?? '').replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
}
