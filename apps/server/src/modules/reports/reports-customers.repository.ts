import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { customersWithInvoices } from '../../db/customer-months.js';
import { splitPeriod } from '../../db/periods.js';
import type { Filter, Grouped } from './report-sql.repository.js';
import { grouped, partyGroups, statusIs } from './reports-party.repository.js';

// The customer reports' sources from the roll-ups (My Report and Customer Report): every
// customer over all history (one kept row each), or over a period or status (the roll-up's
// months and edge days grouped), each with the shortcuts the views take for a first page, a
// last page and the footer (docs/reports.md).

/**
 * Customers (`c`) in a customer view's order by name: ascending, or descending as a sort by name
 * descending pages them (ties on the name, one company's stores, stay in key order). The index on
 * (company, id) serves both: read backwards for the descending one, its ties sorted on the way.
 */
const byName = (descending?: boolean) => (descending ? sql`c.company desc, c.id` : sql`c.company, c.id`);

/**
 * Per customer over every counted status, all history (migration 0018): one row per customer,
 * no grouping. `pageByName` reads one page in the reports' order by name (either way) through the
 * name each row keeps (migration 0071): the first, a middle or the last of 2,667 pages alike reads
 * one index's entries up to the page and the page's rows, not every customer.
 * (Every customer key but 0 has its customers row: invoices' foreign key restricts deletes.)
 */
export function customerAll(key: string, figures: string, keys: string[]): Grouped {
  const g = grouped(sql``, keys);
  // The name each row keeps (the customer's company, or the walk-in label): no customer joined.
  const select = sql.raw(`select customer_id as ${key}, company as "r_name", ${figures}`);
  // The table's column of each figure (`award_points as "r_awardPoints"`).
  const columnOf = new Map([...figures.matchAll(/(\w+) as "r_(\w+)"/g)].map(([, column, field]) => [field, column]));
  return {
    cols: { ...g.cols, name: sql.raw('"g"."r_name"') },
    tiedByName: async (db, field, descending, n) => {
      const column = columnOf.get(field);
      if (!column || n > WALK_CUSTOMERS_UP_TO) return undefined;
      const c = sql.raw(column);
      // The first n values in the sort's order (n entries of the figure's partial index): one value?
      const [{ value, last, count }] = rowsOf<{ value: string | null; last: string | null; count: string }>(
        await db.execute(sql`select min(x)::text as value, max(x)::text as last, count(*) as count from (select ${c} as x
          from report_customer_all where invoices > 0 order by ${c} ${sql.raw(descending ? 'desc' : 'asc')} limit ${n}) t`),
      );
      const tied = Number(count) === n && value !== null && value === last;
      if (!tied || !/^-?\d+$/.test(value)) return undefined;
      // The value as a literal (a whole number just read): with a parameter, a statement kept
      // prepared takes a generic plan that gathers every row of the value and sorts them by name
      // (damaged goods at 0: 5,329 rows, 14 ms) instead of walking names (0.3 ms).
      const v = sql.raw(value);
      return sql`(${select} from (
          (select a.* from customers c join report_customer_all a on a.customer_id = c.id
            where a.invoices > 0 and a.${c} = ${v} order by c.company, c.id limit ${n})
          union all
          (select a.* from report_customer_all a where a.customer_id = 0 and a.invoices > 0 and a.${c} = ${v})
        ) a) g`;
    },
    from: sql`(${select} from report_customer_all where invoices > 0) g`,
    // Each row keeps the name it is listed by, indexed in the reports' order (migration 0071): the
    // page's keys are read from that index alone (entries skipped, no row read), then their rows.
    pageByName: (offset, limit, descending) => sql`(${select} from report_customer_all where customer_id in (
        select customer_id from report_customer_all where invoices > 0
        order by ${descending ? sql`company desc, customer_id` : sql`company, customer_id`}
        limit ${limit} offset ${offset})) g`,
    // The billers' all-history rows hold the same invoices: their sums are every customer's.
    totals: {
      // Kept by the same trigger (migration 0022), not counted over every customer's row each time.
      rows: sql`select customers from report_customer_count`,
      from: sql`(${sql.raw(`select ${figures}`)} from report_biller_totals) g`,
    },
  };
}
export const ALL_INVOICE_FIGURES = `invoices as "r_totalInvoices", award_points as "r_awardPoints", cost as "r_totalCost",
  selling as "r_totalSelling", paid as "r_totalPaid", discount as "r_discount", resellable as "r_resellableGoods",
  damaged as "r_damagedGoods", balance as "r_totalDue"`;
export const ALL_SUMMARY_FIGURES = `invoices as "r_totalInvoices", amount as "r_totalAmount", paid as "r_totalPaid",
  balance as "r_totalDue"`;

/** The all-status table serves the filter: no period, and no status (or every one) asked. */
export const everyStatusAllHistory = (filter: Filter, withStatus: boolean) =>
  splitPeriod(filter).allHistory && !(withStatus && statusIs(sql`status`, filter.status));

/** Deepest default page (offset + page size) read by walking customers in name order; deeper pages group every row. */
export const WALK_CUSTOMERS_UP_TO = 200;

/**
 * Per customer over a period (or a status): the grouped roll-up rows and edge invoices (`from`),
 * and two shortcuts the views take without a search (docs/reports.md):
 * - `firstByName(n)`: the first n customers in the default order (company, id) with counted
 *   invoices in the period, plus the walk-in row: customers are walked by their (company, id)
 *   index and each one's figures summed from its own roll-up rows (index on customer and month)
 *   and edge invoices, so the first page reads a few dozen customers instead of grouping all of
 *   them (36 months: ~130,000 roll-up rows). When few customers have invoices in the period, the
 *   walk gives up after a bounded number of customers and the statement groups every row;
 * - `totals`: the sums of every biller's rows (migration 0054: a few dozen rows a month, not a
 *   few thousand) and edge invoices, and the row count as the distinct customers with a counted
 *   invoice in the period (customersWithInvoices: a few hundred kept rows).
 */
export function customersOverPeriod(
  filter: Filter,
  withStatus: boolean,
  sums: SQL,
  keys: string[],
  keyName: string,
): Grouped {
  const status = withStatus ? filter.status : undefined;
  const key = sql.raw(`"r_${keyName}"`);
  const query = sql`select u.key as ${key}, ${sums} from ${partyGroups(filter, 'customer_id', withStatus)}
    group by u.key having sum(u.invoices) > 0`;
  const g = grouped(query, keys);
  const ofCustomer = partyGroups(filter, 'customer_id', withStatus, {
    rollup: sql`customer_id = c.id`,
    rows: sql`i.customer_id = c.id`,
  });
  const ofWalkIns = partyGroups(filter, 'customer_id', withStatus, {
    rollup: sql`customer_id = 0`,
    rows: sql`i.customer_id is null`,
  });
  return {
    ...g,
    firstByName: (n, descending) => {
      if (n > WALK_CUSTOMERS_UP_TO) return undefined;
      // The walk stops after `cap` customers. Finding n with invoices in the period (or status) there,
      // they are the first n of every customer with some; finding fewer (a rare status, a short
      // period: few customers have invoices), every row is grouped instead, in the same statement.
      const [limit, cap] = [sql.raw(String(n)), sql.raw(String(Math.min(Math.max(40 * n, 400), 4000)))];
      const order = byName(descending);
      return sql`(with w as (select l.* from (select id, company from customers c order by ${order} limit ${cap}) c
            cross join lateral (select c.id as ${key}, ${sums} from ${ofCustomer}) l
            where l."r_totalInvoices" > 0 order by ${order} limit ${limit}),
          enough as (select count(*) >= ${limit} as yes from w)
        select w.* from w where (select yes from enough)
        union all
        (select 0, ${sums} from ${ofWalkIns} having sum(u.invoices) > 0 and (select yes from enough))
        union all
        select q.* from (${query}) q where not (select yes from enough)) g`;
    },
    totals: {
      rows: sql`select ${customersWithInvoices(filter, status)}`,
      // Every customer's rows sum to every biller's: the per-biller roll-ups hold far fewer rows.
      from: sql`(select ${sums} from ${partyGroups(filter, 'biller_id', withStatus)}) g`,
    },
  };
}
