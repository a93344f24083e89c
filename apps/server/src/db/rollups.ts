import { and, type SQL, sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';
import { netRows, type PeriodBounds, splitPeriodNet, splitYears } from './periods.js';

/**
 * The roll-ups (the invoice list's day totals, the reports' month and all-history tables, each
 * product's quantity sold) are kept by triggers that only append deltas: writers never wait on
 * a shared totals row. `foldRollups` moves the committed deltas onto the totals (the database's
 * rollups_fold, one folder at a time). A read of any roll-up folds first, so it counts every
 * write committed before it; each instance also folds in the background (`wait` false: skipped
 * while another fold runs) so the deltas stay few.
 */
export async function foldRollups(db: Tx, wait = true): Promise<void> {
  await db.execute(wait ? sql`select rollups_fold()` : sql`select rollups_fold(false)`);
}

/** The figures of the invoice day and month totals and of the day totals' pending deltas. */
const invoiceTotalColumns = () => ({
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
const dayTotalColumns = () => ({ date: date('date', { mode: 'string' }).notNull(), ...invoiceTotalColumns() });

/**
 * The roll-up (migrations 0009_list_totals, 0011): per day, biller, type and status, the number of
 * submitted (not NEW) invoices and the sums of the footer's columns, kept exact by statement triggers on invoices.
 * Not in the schema folder: only the triggers write it (the invoice list and the dashboard read it).
 */
export const invoiceDayTotals = pgTable('invoice_day_totals', dayTotalColumns());

/**
 * The day totals' deltas not folded yet (migration 0026): what the triggers append, with the
 * same columns. The day totals plus these, read in one statement, are the exact figures at that
 * statement's snapshot whether or not a fold commits meanwhile (a fold moves rows from here to
 * there in one transaction), so a reader that reads both need not fold first.
 */
export const invoiceDayTotalDeltas = pgTable('invoice_day_total_deltas', dayTotalColumns());

/**
 * The day totals summed per month (migration 0050), kept by a row trigger on the day totals: a
 * period's whole months read here, its edge days from the day totals (splitPeriod).
 */
export const invoiceMonthTotals = pgTable('invoice_month_totals', {
  month: date('month', { mode: 'string' }).notNull(),
  ...invoiceTotalColumns(),
});

/**
 * Sellable stock per product (migration 0057): the sums of its warehouse and truck rows of
 * stock_levels (not the damaged bin), kept by statement triggers on stock_levels, so it is as
 * current as the last fold. The reorder report reads it.
 */
export const stockSellable = pgTable('stock_sellable', {
  productId: integer('product_id').primaryKey(),
  warehouse: bigint('warehouse', { mode: 'number' }).notNull(),
  trucks: bigint('trucks', { mode: 'number' }).notNull(),
});

/**
 * `select <keys>, <sums>` of the monthly product roll-up over a period's whole months
 * (splitPeriodNet): its whole years read from the yearly one (migration 0055; the same columns,
 * `year` for `month`), the months at either end added or taken off (splitYears: the sums
 * negated), and its pending deltas (pendingRows).
 */
export function productRollup(
  split: { months: SQL | undefined; bounds?: { lo?: string; hi?: string } },
  keys: string[],
  sums: string[],
  where?: SQL,
): SQL {
  const { years, months, less } = splitYears(split);
  const columns = sql.raw([...keys, ...sums].join(', '));
  const negated = sql.raw([...keys, ...sums.map((column) => `-${column}`)].join(', '));
  const monthly = sql`select ${columns} from report_product_months where ${and(months, where) ?? sql`true`}
    union all ${pendingRows('report_product_month_deltas', columns, and(split.months, where))}`;
  const taken = less ? sql` union all select ${negated} from report_product_months where ${and(less, where)}` : sql``;
  return years
    ? sql`select ${columns} from report_product_years where ${and(years, where)} union all ${monthly}${taken}`
    : monthly;
}

/**
 * `select <keys>, <sums>` of a weekly roll-up (migration 0074: report_product_weeks or
 * report_product_id_weeks, each week's first day in `week`) over the weeks a period adds and
 * takes off (splitWeeks: the sums of `minus` negated), with the deltas not folded yet (they carry
 * their week beside their month, in the monthly roll-up's delta table); undefined for no weeks.
 */
export function weekRollup(
  table: 'report_product_weeks' | 'report_product_id_weeks',
  weeks: { plus: string[]; minus: string[] },
  keys: string[],
  sums: string[],
  where?: SQL,
): SQL | undefined {
  const deltas = table === 'report_product_weeks' ? 'report_product_month_deltas' : 'report_product_id_month_deltas';
  const columns = sql.raw([...keys, ...sums].join(', '));
  const negated = sql.raw([...keys, ...sums.map((column) => `-${column}`)].join(', '));
  const read = (list: string[], selected: SQL) => {
    const inWeeks = and(sql`week = any(${`{${list.join(',')}}`}::date[])`, where);
    return sql`select ${selected} from ${sql.raw(table)} where ${inWeeks}
      union all ${pendingRows(deltas, selected, inWeeks)}`;
  };
  const parts = [
    weeks.plus.length ? read(weeks.plus, columns) : undefined,
    weeks.minus.length ? read(weeks.minus, negated) : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return parts.length ? sql.join(parts, sql` union all `) : undefined;
}

/**
 * The rows of a monthly roll-up's delta table (what the triggers appended and no fold has moved
 * yet), to read in the same statement as the roll-up: the reader's one snapshot then holds every
 * write committed before it, folded or not (a fold moves rows from one to the other in one
 * transaction). Folding first is not enough where a period subtracts days (splitPeriodNet): a
 * write committed between the fold and the read would be in the rows subtracted but in no roll-up.
 */
export function pendingRows(table: string, columns: SQL, where: SQL | undefined): SQL {
  return sql`select ${columns} from ${sql.raw(table)} where ${where ?? sql`true`}`;
}

/**
 * The expenses of a period per biller as rows `x(biller_id, expenses, amount)` to sum: the period's
 * whole months from the totals kept per month and biller (migration 0076) with their deltas not
 * folded yet, read in the same statement (its one snapshot holds every write committed before it,
 * folded or not), and the days of a month the period cuts added or taken off from the expenses
 * (splitPeriodNet). A biller has expenses in the period when its `expenses` sum to more than 0.
 */
export function expenseRows(period: PeriodBounds): SQL {
  const split = splitPeriodNet(period);
  const columns = sql`biller_id, expenses, amount`;
  const rows = netRows(
    split,
    (days, sign) => sql`select i.biller_id, ${sign}, ${sign} * i.amount from expenses i where ${days}`,
  );
  return sql`(select ${columns} from expense_month_totals where ${split.months ?? sql`true`}
    union all ${pendingRows('expense_month_total_deltas', columns, split.months)}
    union all ${rows}) x(biller_id, expenses, amount)`;
}
