import type { SortItem } from '@wd/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { type PeriodBounds, periodDays, splitPeriod } from '../../db/periods.js';
import { invoices } from '../../db/schema/index.js';
import { firstPast, type Seek } from '../../lib/list-seek.js';

// A deep page of invoices in date order found through the kept day and month totals instead of
// by skipping index entries (docs/performance-lists.md): the totals say on which day the page's
// first invoice lies and how many invoices of the period come before that day; the page is then
// read from that day on, skipping at most that day's invoices. Page 10,000 of the invoice list
// (200,000 invoices) skipped 100,000 entries of the date index: ~8 ms, every time.

/** Which invoices a seek counts: a period's, of a biller, type and status, NEW ones or not. */
export interface SeekScope {
  period: PeriodBounds;
  billerId?: number;
  type?: string;
  status?: string;
  /** Whether drafts (NEW: never in the totals, counted from their rows) are among them. */
  withNew: boolean;
}

/**
 * Whether a period can be sought: any but a calendar month of every year (the seek reads its
 * days as one range from start to end) or a list of drafts alone (few rows, never in the totals).
 */
export function seekable(scope: SeekScope): boolean {
  const { month, year } = scope.period;
  return !(month && !year) && scope.status !== 'NEW';
}

/** The scope's conditions but its period on a source with biller_id, type and status columns. */
function own(scope: SeekScope, alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return (
    and(
      scope.billerId ? sql`${column('biller_id')} = ${scope.billerId}` : undefined,
      scope.type ? sql`${column('type')} = ${scope.type}` : undefined,
      scope.status ? sql`${column('status')} = ${scope.status}` : undefined,
    ) ?? sql`true`
  );
}

/**
 * The invoices the scope counts and where the one at `offset` lies in date order (newest first
 * when `descending`), in one statement over the folded totals, the deltas not folded yet and the
 * drafts (one snapshot whether or not a fold commits meanwhile): first the month (the period's
 * whole months from the month totals, its edge days from the day totals), then the day inside
 * it (that month's day totals). `day` is undefined when the offset is past the last invoice;
 * `skip` is how many of that day's invoices come before the one at `offset`.
 */
export async function seekInvoiceDay(
  db: Tx,
  scope: SeekScope,
  descending: boolean,
  offset: number,
): Promise<{ total: number; day?: string; skip: number }> {
  const { months, days } = splitPeriod(scope.period);
  const { from, until } = periodDays(scope.period);
  const within = (column: SQL) =>
    and(from ? sql`${column} >= ${from}` : undefined, until ? sql`${column} < ${until}` : undefined) ?? sql`true`;
  const drafts = scope.withNew && !scope.status;
  const monthOf = (column: string) => sql.raw(`date_trunc('month', ${column})::date`);
  const inMonth = (column: string) =>
    sql.raw(`${column} >= (select m from f) and ${column} < (select (m + interval '1 month')::date from f)`);
  const result = await db.execute(sql`
    with c as (
      select month as m, invoices as n from invoice_month_totals where ${own(scope, 'invoice_month_totals')}
        and ${months ?? sql`true`}
      union all
      select ${monthOf('i.date')}, i.invoices from invoice_day_totals i where ${own(scope, 'i')} and ${days}
      union all
      select ${monthOf('d.date')}, d.invoices from invoice_day_total_deltas d
        where ${own(scope, 'd')} and ${within(sql`d.date`)}
      ${
        drafts
          ? sql`union all select ${monthOf('v.date')}, 1 from invoices v
        where v.status = 'NEW' and ${own(scope, 'v')} and ${within(sql`v.date`)}`
          : sql``
      }
    ), mm as (
      select m, sum(n) as n from c group by m having sum(n) <> 0
    ), f as (${firstPast('m', 'mm', sql`${offset}`, descending)}), x as (
      select i.date, i.invoices as n from invoice_day_totals i
        where ${own(scope, 'i')} and ${within(sql`i.date`)} and ${inMonth('i.date')}
      union all
      select d.date, d.invoices from invoice_day_total_deltas d
        where ${own(scope, 'd')} and ${within(sql`d.date`)} and ${inMonth('d.date')}
      ${
        drafts
          ? sql`union all select v.date, 1 from invoices v
        where v.status = 'NEW' and ${own(scope, 'v')} and ${within(sql`v.date`)} and ${inMonth('v.date')}`
          : sql``
      }
    ), dd as (
      select date, sum(n) as n from x group by date having sum(n) <> 0
    ), g as (${firstPast('date', 'dd', sql`${offset} - (select before from f)`, descending)})
    select (select coalesce(sum(n), 0) from mm)::bigint as total, g.date::text as day,
      (f.before + g.before)::bigint as before
    from (select 1) one left join f on true left join g on true`);
  const [row] = rowsOf<{ total: string; day: string | null; before: string | null }>(result);
  const total = Number(row.total);
  if (row.day === null) return { total, skip: 0 };
  return { total, day: row.day, skip: offset - Number(row.before) };
}

/**
 * The seek for listPage's seekingPage: from the day the invoice at `offset` lies on (`date <= day`
 * newest first, `date >= day` oldest first), skipping that day's invoices before it.
 */
export function invoiceSeek(db: Tx, scope: SeekScope, descending: boolean): Seek {
  return async (offset) => {
    const start = await seekInvoiceDay(db, scope, descending, offset);
    if (start.day === undefined) return undefined;
    const bound = descending ? sql`${invoices.date} <= ${start.day}` : sql`${invoices.date} >= ${start.day}`;
    return { from: bound, skip: start.skip };
  };
}

/** A sort the seek can serve: none (newest first) or by date, either way. */
export const inDateOrder = (sorts: SortItem[] | undefined) =>
  !sorts || sorts.length === 0 || (sorts.length === 1 && sorts[0].column === 'date');
