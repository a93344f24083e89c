import { and, type SQL, sql } from 'drizzle-orm';
import { type PeriodBounds, periodDays, splitPeriod } from './periods.js';

/** The key of "any counted status" in report_customer_months and its pairs (migration 0069). */
const ANY_STATUS = '*';

/** Up to this many candidates of a cut month are looked up one by one (about 4 µs each). */
export const LOOKED_UP_ONE_BY_ONE = 250;

/**
 * How many customers have a counted (not NEW) invoice in the period, of `status` (undefined or
 * 'All': any), walk-in sales counting as one customer unless `walkIns` is false: a scalar subquery.
 * The roll-ups must be folded (the readers fold first).
 *
 * A customer's months with invoices are kept with the month before and after each (migration
 * 0069), so:
 * - the whole months [a, b): the customers with a month in [a, b) whose previous month is before
 *   a, i.e. the kept count of those (month, previous month) pairs: a few hundred rows read, not
 *   one per customer and month;
 * - the days before a (in a's previous month h): the customers with invoices in those days whose
 *   next month after h is b or later (not counted in [a, b) already);
 * - the days from b on (in month b): the customers with invoices in those days whose month before
 *   b is before a, and who were not counted among the days before a.
 * A calendar month of every year, or a period without a whole month in it, counts the distinct
 * customers of the roll-up's months and of the days' invoices instead.
 */
export function customersWithInvoices(
  filter: PeriodBounds,
  status: string | undefined,
  walkIns = true,
  /** The candidates looked up one by one at most (a test sets 0 to run the other branch). */
  oneByOneUpTo = LOOKED_UP_ONE_BY_ONE,
): SQL {
  const key = status && status !== 'All' ? status : ANY_STATUS;
  const ofStatus = (column: SQL) => (key === ANY_STATUS ? undefined : sql`${column} = ${key}`);
  const { from, until, firstMonth: a, lastMonth: b } = periodDays(filter);
  if ((filter.month && !filter.year) || (a && b && a >= b)) {
    const { months, days } = splitPeriod(filter);
    return sql`(select count(distinct k) from (
        select customer_id from report_party_months
        where ${and(months, ofStatus(sql`status`), sql`invoices > 0`)}
        union all
        select coalesce(i.customer_id, 0) from invoices i where ${and(sql`i.status <> 'NEW'`, days, ofStatus(sql`i.status`))}
      ) k(k) ${walkIns ? sql`` : sql`where k <> 0`})`;
  }
  // The counted invoices dated in [lo, hi): of the customer of the kept month `m`, or of walk-in
  // sales. A customer's are found through its index on invoices, walk-in sales' through the date.
  type Span = [string, string];
  const dated = ([lo, hi]: Span) =>
    and(sql`i.status <> 'NEW'`, ofStatus(sql`i.status`), sql`i.date >= ${lo} and i.date < ${hi}`);
  /** Bought in `span`: a customer among the span's buyers (read once, hashed), or walk-in sales there. */
  const boughtIn = (span: Span, walkIn: boolean) =>
    walkIn
      ? sql`exists (select 1 from invoices i where i.customer_id is null and ${dated(span)})`
      : // Not null: under a NOT, a null among them would make "not among them" unknown.
        sql`m.customer_id in (select i.customer_id from invoices i where i.customer_id is not null and ${dated(span)})`;
  /**
   * How many kept months `where` are of buyers in `span` (less `except`): customers, then walk-in
   * sales. A few candidates (a month's customers who had not bought for years) are looked up one by
   * one through (customer_id, date); many (a short period's) are matched against the span's
   * invoices read once. The planner cannot tell which from the conditions, so the statement
   * counts the candidates first (an index-only count, stopped one past the limit) and runs one
   * branch.
   */
  const buyers = (where: SQL, span: Span, except?: (walkIn: boolean) => SQL | undefined) => {
    const months = (...also: (SQL | undefined)[]) =>
      sql`(select count(*) from report_customer_months m where ${and(where, ...also)})`;
    const customers = (test: SQL) => months(sql`m.customer_id <> 0`, test, except?.(false));
    const few = sql.raw(String(oneByOneUpTo));
    // Counted no further than one past the limit: a short period's month has thousands.
    const candidates = sql`(select count(*) from (select 1 from report_customer_months m
      where ${and(where, sql`m.customer_id <> 0`)} limit ${few} + 1) c)`;
    const counted = [
      sql`(case when ${candidates} <= ${few}
        then ${customers(sql`(select true from invoices i where i.customer_id = m.customer_id and ${dated(span)} limit 1)`)}
        else ${customers(boughtIn(span, false))} end)`,
    ];
    if (walkIns) counted.push(months(sql`m.customer_id = 0`, boughtIn(span, true), except?.(true)));
    return counted;
  };
  // Whole months [lo, hi): an open end is infinite. A month before `lo`: for an open start, none.
  const [lo, hi] = [a ?? '-infinity', b ?? 'infinity'];
  const before = (column: SQL) => (a ? sql`${column} < ${a}` : sql`${column} = '-infinity'`);
  const parts = [
    sql`(select coalesce(sum(p.customers), 0) from report_customer_month_pairs p
      where p.status = ${key} and p.month >= ${lo} and p.month < ${hi} and ${before(sql`p.prev`)})`,
  ];
  if (!walkIns) {
    parts.push(sql`-(select count(*) from (select 1 from report_customer_months m
      where m.status = ${key} and m.customer_id = 0 and m.month >= ${lo} and m.month < ${hi} limit 1) w)`);
  }
  // The days before the first whole month, in that month's previous one.
  const head = from && a && from !== a ? { month: `${from.slice(0, 8)}01`, span: [from, a] as Span } : undefined;
  if (head) {
    parts.push(...buyers(sql`m.status = ${key} and m.month = ${head.month} and m.next >= ${hi}`, head.span));
  }
  if (until && b && until !== b) {
    const countedBefore = head
      ? (walkIn: boolean) => sql`not (m.prev = ${head.month} and ${boughtIn(head.span, walkIn)})`
      : undefined;
    parts.push(
      ...buyers(and(sql`m.status = ${key} and m.month = ${b}`, before(sql`m.prev`)) as SQL, [b, until], countedBefore),
    );
  }
  return sql`(select ${sql.join(parts, sql` + `)})`;
}
