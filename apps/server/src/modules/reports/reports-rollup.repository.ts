import { and, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { netRows, splitPeriodNet, splitWeeks } from '../../db/periods.js';
import { expenseRows, foldRollups, pendingRows, productRollup, weekRollup } from '../../db/rollups.js';
import { type Filter, type Grouped, INVOICE_FIGURES } from './report-sql.repository.js';
import { DAMAGED_FIGURES, PRODUCT_FIGURES, reportViews, SUMMARY_FIGURES } from './reports.repository.js';
import {
  ALL_INVOICE_FIGURES,
  ALL_SUMMARY_FIGURES,
  customerAll,
  customersOverPeriod,
  everyStatusAllHistory,
} from './reports-customers.repository.js';
import { as, grouped, PARTY_SUMS, partyGroups, SUMMARY_SUMS, statusIs } from './reports-party.repository.js';

export { WALK_CUSTOMERS_UP_TO } from './reports-customers.repository.js';

/**
 * The five reports from the monthly roll-ups (migration 0013: report_product_months,
 * report_party_months, kept exact by triggers appending deltas that a fold moves onto them,
 * migration 0026; docs/reports.md "Speed"). Every whole month of the period is read from a roll-up; the days of a partly covered month at either end are
 * summed from the rows (invoices' date index), and both parts are grouped again; without a
 * period (the default) the all-history totals of migration 0014 are read instead. The product
 * reports read those edge days as whole weeks of the weekly roll-up (migration 0074) and at most
 * three days of lines per week. The
 * figures are those of the plain definition (reports.repository.ts); reports-rollup.test.ts
 * holds the two together. The customer reports' sources are in reports-customers.repository.ts,
 * the party figures they and the Biller Report share in reports-party.repository.ts.
 */

/**
 * Per product, the figures of its report: 'S' the product report (sales and resellable returns,
 * the roll-up's kinds 'S' and 'R'), 'D' the damaged-goods report (damaged returns). As the
 * reports open (all history, every status) from the rows kept per product (report_product_all).
 */
function productGroups(filter: Filter, kind: 'S' | 'D'): Grouped {
  const split = splitPeriodNet(filter);
  const lineKind = kind === 'S' ? sql`c.quantity <> 0 and not c.damaged_good` : sql`c.quantity < 0 and c.damaged_good`;
  const kinds = kind === 'S' ? sql`kind in ('S', 'R')` : sql`kind = 'D'`;
  const columns = sql`barcode, product_name, lines, quantity, cost, subtotal`;
  const where = and(kinds, statusIs(sql`status`, filter.status));
  // All history over every status: the rows kept per product and report (migration 0075, ~1,160
  // instead of ~7,000).
  const kept = split.allHistory && !statusIs(sql`status`, filter.status);
  const of = (column: string) => sql.raw(kept ? `u.${column}` : `sum(u.${column})`);
  const [q, cost, subtotal] = [of('quantity'), of('cost'), of('subtotal')];
  const figures =
    kind === 'S'
      ? [as(cost, 'totalCostPrice'), as(subtotal, 'totalSellingPrice'), as(q, 'totalQuantitySold')]
      : [
          as(sql`-${cost}`, 'totalCostPrice'),
          as(sql`-${subtotal}`, 'totalDamagedPrice'),
          as(sql`-${subtotal}`, 'totalLoss'),
        ];
  figures.push(kind === 'S' ? as(sql`${subtotal} - ${cost}`, 'totalProfit') : as(sql`-${q}`, 'totalQuantityDamaged'));
  const fields = ['barcode', 'productName', ...(kind === 'S' ? PRODUCT_FIGURES : DAMAGED_FIGURES)];
  const selected = sql`u.barcode as r_barcode, u.product_name as "r_productName", ${sql.join(figures, sql`, `)}`;
  if (kept) {
    // One row per product as kept, nothing to group, unless deltas are pending (a write committed
    // after the reader's fold): then those rows and the deltas, grouped. Either branch is dropped
    // once per statement by its EXISTS.
    const pending = sql`exists (select 1 from report_product_month_deltas where ${kinds})`;
    const summed = sql.raw('sum(lines)::bigint, sum(quantity)::bigint, sum(cost)::bigint, sum(subtotal)::bigint');
    return grouped(
      sql`select ${selected} from (
          select ${columns} from report_product_all where kind = ${kind} and lines > 0 and not ${pending}
          union all
          select barcode, product_name, ${summed} from (
              select ${columns} from report_product_all where kind = ${kind}
              union all ${pendingRows('report_product_month_deltas', columns, where)}
            ) p where ${pending} group by barcode, product_name having sum(lines) > 0
        ) u offset 0`,
      fields,
    );
  }
  // All history with a status from the all-history totals per status; a period's whole years and
  // months from the roll-ups, and the days of a month the period cuts as whole weeks from the
  // weekly roll-up, the rest from the lines. Either with the deltas not folded yet, in the same statement.
  const [keys, sums] = [
    ['barcode', 'product_name'],
    ['lines', 'quantity', 'cost', 'subtotal'],
  ];
  const edges = splitWeeks(split);
  const weeks = weekRollup('report_product_weeks', edges.weeks, keys, sums, where);
  const rollup = split.allHistory
    ? sql`select ${columns} from report_product_totals where ${where}
      union all ${pendingRows('report_product_month_deltas', columns, where)}`
    : sql`${productRollup(split, keys, sums, where)}${weeks ? sql` union all ${weeks}` : sql``}`;
  const rows = netRows(edges, (days, sign) => {
    return sql`select c.barcode, c.product_name, ${sign}, ${sign} * c.quantity,
      ${sign} * c.quantity::bigint * c.cost_price, ${sign} * c.subtotal
    from invoice_items c join invoices i on i.id = c.invoice_id
    where ${and(sql`i.status <> 'NEW'`, days, statusIs(sql`i.status`, filter.status), lineKind)}`;
  });
  // OFFSET 0 fences the grouping: the search then runs on the groups, not on every row.
  const query = sql`select ${selected}
    from (${rollup} union all ${rows}) u(barcode, product_name, lines, quantity, cost, subtotal)
    group by u.barcode, u.product_name having sum(u.lines) > 0 offset 0`;
  return grouped(query, fields);
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

/** The Biller Report's expenses per biller from the kept month totals and the cut days (expenseRows). */
const keptExpenses = (filter: Filter) =>
  sql`(select x.biller_id as r_biller_id, sum(x.amount)::bigint as r_amount from ${expenseRows(filter)}
    group by x.biller_id having sum(x.expenses) > 0) e`;

const reports = {
  product: (db: Tx, filter: Filter) => reportViews.products(db, filter, productGroups(filter, 'S'), PRODUCT_FIGURES),
  damagedGoods: (db: Tx, filter: Filter) =>
    reportViews.products(db, filter, productGroups(filter, 'D'), DAMAGED_FIGURES),
  customer: (db: Tx, filter: Filter) => reportViews.customer(db, filter, invoicesBy(filter, 'customer_id')),
  biller: (db: Tx, filter: Filter) =>
    reportViews.biller(db, filter, invoicesBy(filter, 'biller_id'), keptExpenses(filter)),
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

/**
 * Whether a report's read needs the roll-ups folded first: My Report and the Customer Summary do.
 * They count their customers from the kept customer months (customersWithInvoices) and read each
 * customer's kept all-history row (customerAll), which the fold writes; neither has deltas beside
 * it. The Product, Damaged Goods and Biller Reports count the pending deltas themselves.
 */
export const reportNeedsFold = (name: keyof typeof reports) => name === 'customer' || name === 'customerSummary';

/**
 * The reports as the calls read them: each counts every write committed before it. The reads
 * that do not count pending deltas themselves (reportNeedsFold) fold them first; the others do
 * not fold, so they neither wait for another instance's fold nor write while they read.
 */
export const rollupReports = Object.fromEntries(
  Object.entries(reports).map(([name, read]) => [
    name,
    async (db: Tx, filter: Filter) => {
      if (reportNeedsFold(name as keyof typeof reports)) await foldRollups(db);
      return read(db, filter);
    },
  ]),
) as typeof reports;
