import { and, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { foldRollups, netRows, pendingRows, productRollup, splitPeriod, splitPeriodNet } from '../../db/rollups.js';
import { type Filter, type Grouped, INVOICE_FIGURES } from './report-sql.repository.js';
import { DAMAGED_FIGURES, PRODUCT_FIGURES, reportViews, SUMMARY_FIGURES } from './reports.repository.js';

/**
 * The five reports from the monthly roll-ups (migration 0013: report_product_months,
 * report_party_months, kept exact by triggers appending deltas that a fold moves onto them,
migration 0026; docs/reports.md "Speed"). Every whole month of
 * the period is read from a roll-up; the days of a partly covered month at either end are
 * summed from the rows (invoices' date index), and both parts are grouped again; without a
 * period (the default) the all-history totals of migration 0014 are read instead. The
 * figures are those of the plain definition (reports.repository.ts); reports-rollup.test.ts
 * holds the two together.
 */

const statusIs = (column: SQL, status: string | undefined) =>
  status && status !== 'All' ? sql`${column} = ${status}` : undefined;

/** A grouped subquery named `g` whose columns are r_<field>; `keys` are the fields in order. */
function grouped(query: SQL, keys: string[]): Grouped {
  const cols = Object.fromEntries(keys.map((k) => [k, sql.raw(`"g"."r_${k}"`)]));
  return { from: sql`(${query}) g`, cols };
}

/** `expr AS "r_<field>"`: the alias keeps its case (quoted), as `grouped` reads it. */
const as = (expr: SQL, field: string) => sql`(${expr})::bigint as ${sql.raw(`"r_${field}"`)}`;

/**
 * Per product, the figures of its report: 'S' the product report (sales and resellable returns,
 * the roll-up's kinds 'S' and 'R'), 'D' the damaged-goods report (damaged returns).
 */
function productGroups(filter: Filter, kind: 'S' | 'D'): Grouped {
  const split = splitPeriodNet(filter);
  const lineKind = kind === 'S' ? sql`c.quantity <> 0 and not c.damaged_good` : sql`c.quantity < 0 and c.damaged_good`;
  const kinds = kind === 'S' ? sql`kind in ('S', 'R')` : sql`kind = 'D'`;
  const columns = sql`barcode, product_name, lines, quantity, cost, subtotal`;
  const where = and(kinds, statusIs(sql`status`, filter.status));
  // All history from the all-history totals; a period's whole years and months from the roll-ups.
  const rollup = split.allHistory
    ? sql`select ${columns} from report_product_totals where ${where}
      union all ${pendingRows('report_product_month_deltas', columns, where)}`
    : productRollup(split, ['barcode', 'product_name'], ['lines', 'quantity', 'cost', 'subtotal'], where);
  const rows = netRows(split, (days, sign) => {
    return sql`select c.barcode, c.product_name, ${sign}, ${sign} * c.quantity,
      ${sign} * c.quantity::bigint * c.cost_price, ${sign} * c.subtotal
    from invoice_items c join invoices i on i.id = c.invoice_id
    where ${and(sql`i.status <> 'NEW'`, days, statusIs(sql`i.status`, filter.status), lineKind)}`;
  });
  const [q, cost, subtotal] = [sql`sum(u.quantity)`, sql`sum(u.cost)`, sql`sum(u.subtotal)`];
  const figures =
    kind === 'S'
      ? [as(cost, 'totalCostPrice'), as(subtotal, 'totalSellingPrice'), as(q, 'totalQuantitySold')]
      : [
          as(sql`-${cost}`, 'totalCostPrice'),
          as(sql`-${subtotal}`, 'totalDamagedPrice'),
          as(sql`-${subtotal}`, 'totalLoss'),
        ];
  figures.push(kind === 'S' ? as(sql`${subtotal} - ${cost}`, 'totalProfit') : as(sql`-${q}`, 'totalQuantityDamaged'));
  // OFFSET 0 fences the grouping: the search then runs on the groups, not on every row.
  const query = sql`select u.barcode as r_barcode, u.product_name as "r_productName", ${sql.join(figures, sql`, `)}
    from (${rollup} union all ${rows}) u(barcode, product_name, lines, quantity, cost, subtotal)
    group by u.barcode, u.product_name having sum(u.lines) > 0 offset 0`;
  return grouped(query, ['barcode', 'productName', ...(kind === 'S' ? PRODUCT_FIGURES : DAMAGED_FIGURES)]);
}

/** A condition keeping one key's rows: on the roll-up's rows, and on the edge days' invoices (i). */
interface OneKey {
  rollup: SQL;
  rows: SQL;
}

/**
 * Invoice figures per key (customer id, 0 for walk-in, or biller id): the roll-up's months plus the
 * edge invoices; `one` keeps a single key's rows (read through its indexes).
 */
function partyGroups(filter: Filter, key: 'customer_id' | 'biller_id', withStatus: boolean, one?: OneKey): SQL {
  const split = splitPeriodNet(filter);
  const { months, allHistory } = split;
  const [all, monthly] =
    key === 'customer_id'
      ? ['report_customer_totals', 'report_party_months']
      : ['report_biller_totals', 'report_biller_months'];
  const table = sql.raw(allHistory ? all : monthly);
  const status = withStatus ? filter.status : undefined;
  const columns = sql`${sql.raw(key)}, invoices, award_points, paid, discount, balance, amount, cost, selling,
      resellable, damaged`;
  const where = and(months, statusIs(sql`status`, status), one?.rollup);
  const rollup = sql`select ${columns} from ${table} where ${where ?? sql`true`}
    union all ${pendingRows('report_party_month_deltas', columns, where)}`;
  const rowKey = key === 'customer_id' ? sql`coalesce(i.customer_id, 0)` : sql`i.biller_id`;
  const rows = netRows(split, (days, sign) => {
    return sql`select ${rowKey}, ${sign}, ${sign} * i.award_points_redeemed, ${sign} * i.paid,
      ${sign} * i.discount_redeemed, ${sign} * i.balance, ${sign} * (i.total::bigint - i.amount_credited),
      ${sign} * coalesce(l.cost, 0), ${sign} * coalesce(l.selling, 0), ${sign} * coalesce(l.resellable, 0),
      ${sign} * coalesce(l.damaged, 0)
    from invoices i left join lateral (
      select sum(case when not damaged_good then quantity::bigint * cost_price else 0 end) as cost,
        sum(case when not damaged_good then subtotal else 0 end) as selling,
        sum(case when quantity < 0 and not damaged_good then -subtotal else 0 end) as resellable,
        sum(case when damaged_good then -subtotal else 0 end) as damaged
      from invoice_items where invoice_id = i.id) l on true
    where ${and(sql`i.status <> 'NEW'`, days, statusIs(sql`i.status`, status), one?.rows)}`;
  });
  return sql`(${rollup} union all ${rows}) u(key, invoices, award_points, paid, discount, balance, amount, cost,
    selling, resellable, damaged)`;
}

const u = (column: string) => sql.raw(`sum(u.${column})`);
const PARTY_SUMS = sql.join(
  [
    as(u('invoices'), 'totalInvoices'),
    as(u('award_points'), 'awardPoints'),
    as(u('cost'), 'totalCost'),
    as(u('selling'), 'totalSelling'),
    as(u('paid'), 'totalPaid'),
    as(u('discount'), 'discount'),
    as(u('resellable'), 'resellableGoods'),
    as(u('damaged'), 'damagedGoods'),
    as(u('balance'), 'totalDue'),
  ],
  sql`, `,
);

/**
 * Customers (`c`) in a customer view's order by name: ascending, or descending as a sort by name
 * descending pages them (ties on the name, one company's stores, stay in key order). The index on
 * (company, id) serves both: read backwards for the descending one, its ties sorted on the way.
 */
const byName = (descending?: boolean) => (descending ? sql`c.company desc, c.id` : sql`c.company, c.id`);

/**
 * Per customer over every counted status, all history (migration 0018): one row per customer,
 * no grouping. `firstByName(n)` is the same rows cut to the first n in the reports' default
 * order (company, id) plus the walk-in row (or, `descending`, by name descending and id), and
 * `fromTheEnd` the last n in that order (walked backwards) with the stored row count: customers
 * are walked by their index and only their rows read, so a page near either end reads n rows, not
 * every customer.
 * (Every customer key but 0 has its customers row: invoices' foreign key restricts deletes.)
 */
function customerAll(key: string, figures: string, keys: string[]): Grouped {
  const g = grouped(sql``, keys);
  const select = sql.raw(`select customer_id as ${key}, ${figures}`);
  // The table's column of each figure (`award_points as "r_awardPoints"`).
  const columnOf = new Map([...figures.matchAll(/(\w+) as "r_(\w+)"/g)].map(([, column, field]) => [field, column]));
  return {
    cols: g.cols,
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
    firstByName: (n, descending) => sql`(${select} from (
        (select a.* from customers c join report_customer_all a on a.customer_id = c.id
          where a.invoices > 0 order by ${byName(descending)} limit ${n})
        union all
        (select a.* from report_customer_all a where a.customer_id = 0 and a.invoices > 0)
      ) a) g`,
    fromTheEnd: {
      lastByName: (n) => sql`(${select} from (
          (select a.* from customers c join report_customer_all a on a.customer_id = c.id
            where a.invoices > 0 order by c.company desc, c.id desc limit ${n})
          union all
          (select a.* from report_customer_all a where a.customer_id = 0 and a.invoices > 0)
        ) a) g`,
      count: sql`select customers from report_customer_count`,
    },
    // The billers' all-history rows hold the same invoices: their sums are every customer's.
    totals: {
      // Kept by the same trigger (migration 0022), not counted over every customer's row each time.
      rows: sql`select customers from report_customer_count`,
      from: sql`(${sql.raw(`select ${figures}`)} from report_biller_totals) g`,
    },
  };
}
const ALL_INVOICE_FIGURES = `invoices as "r_totalInvoices", award_points as "r_awardPoints", cost as "r_totalCost",
  selling as "r_totalSelling", paid as "r_totalPaid", discount as "r_discount", resellable as "r_resellableGoods",
  damaged as "r_damagedGoods", balance as "r_totalDue"`;
const ALL_SUMMARY_FIGURES = `invoices as "r_totalInvoices", amount as "r_totalAmount", paid as "r_totalPaid",
  balance as "r_totalDue"`;

/** The all-status table serves the filter: no period, and no status (or every one) asked. */
const everyStatusAllHistory = (filter: Filter, withStatus: boolean) =>
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
 *   invoice (an index-only scan of the roll-up's rows with invoices).
 */
function customersOverPeriod(filter: Filter, withStatus: boolean, sums: SQL, keys: string[], keyName: string): Grouped {
  const { months, days, allHistory } = splitPeriod(filter);
  const status = withStatus ? filter.status : undefined;
  const key = sql.raw(`"r_${keyName}"`);
  // A status without a period reads the all-history table per status and customer, as partyGroups does.
  const table = sql.raw(allHistory ? 'report_customer_totals' : 'report_party_months');
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
      rows: sql`select count(*) from (select distinct k from (
          select customer_id from ${table}
          where ${and(months ?? sql`true`, statusIs(sql`status`, status), sql`invoices > 0`)}
          union all
          select coalesce(i.customer_id, 0) from invoices i
          where ${and(sql`i.status <> 'NEW'`, days, statusIs(sql`i.status`, status))}
        ) k(k)) n`,
      // Every customer's rows sum to every biller's: the per-biller roll-ups hold far fewer rows.
      from: sql`(select ${sums} from ${partyGroups(filter, 'biller_id', withStatus)}) g`,
    },
  };
}

function invoicesBy(filter: Filter, key: 'customer_id' | 'biller_id'): Grouped {
  if (key === 'customer_id') {
    if (everyStatusAllHistory(filter, true)) {
      return customerAll('r_key', ALL_INVOICE_FIGURES, ['key', ...INVOICE_FIGURES]);
    }
    return customersOverPeriod(filter, true, PARTY_SUMS, ['key', ...INVOICE_FIGURES], 'key');
  }
  const query = sql`select u.key as r_key, ${PARTY_SUMS} from ${partyGroups(filter, key, true)}
    group by u.key having sum(u.invoices) > 0`;
  return grouped(query, ['key', ...INVOICE_FIGURES]);
}

const SUMMARY_SUMS = sql.join(
  [
    as(u('invoices'), 'totalInvoices'),
    as(u('amount'), 'totalAmount'),
    as(u('paid'), 'totalPaid'),
    as(u('balance'), 'totalDue'),
  ],
  sql`, `,
);

const reports = {
  product: (db: Tx, filter: Filter) => reportViews.products(db, filter, productGroups(filter, 'S'), PRODUCT_FIGURES),
  damagedGoods: (db: Tx, filter: Filter) =>
    reportViews.products(db, filter, productGroups(filter, 'D'), DAMAGED_FIGURES),
  customer: (db: Tx, filter: Filter) => reportViews.customer(db, filter, invoicesBy(filter, 'customer_id')),
  biller: (db: Tx, filter: Filter) => reportViews.biller(db, filter, invoicesBy(filter, 'biller_id')),
  customerSummary(db: Tx, filter: Filter) {
    const cols = ['id', ...SUMMARY_FIGURES];
    if (everyStatusAllHistory(filter, false)) {
      return reportViews.customerSummary(db, filter, customerAll('r_id', ALL_SUMMARY_FIGURES, cols));
    }
    return reportViews.customerSummary(db, filter, customersOverPeriod(filter, false, SUMMARY_SUMS, cols, 'id'));
  },
};

/**
 * The reads alone, without the fold: they count pending deltas themselves (pendingRows), which a
 * test checks while another transaction holds the fold off.
 */
export const rollupReportsWithoutFold = reports;

/** Each report folds the roll-ups' pending deltas first: it counts every write committed before it. */
export const rollupReports = Object.fromEntries(
  Object.entries(reports).map(([name, read]) => [
    name,
    async (db: Tx, filter: Filter) => {
      await foldRollups(db);
      return read(db, filter);
    },
  ]),
) as typeof reports;
