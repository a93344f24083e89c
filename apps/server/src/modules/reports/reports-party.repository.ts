import { and, type SQL, sql } from 'drizzle-orm';
import { netRows, splitPeriodNet } from '../../db/periods.js';
import { pendingRows } from '../../db/rollups.js';
import type { Filter, Grouped } from './report-sql.repository.js';

// The party reports' pieces read from the roll-ups (reports-rollup.repository.ts): each
// customer's or biller's invoice figures over a period, and the sums the views read of them.

export const statusIs = (column: SQL, status: string | undefined) =>
  status && status !== 'All' ? sql`${column} = ${status}` : undefined;

/** A grouped subquery named `g` whose columns are r_<field>; `keys` are the fields in order. */
export function grouped(query: SQL, keys: string[]): Grouped {
  const cols = Object.fromEntries(keys.map((k) => [k, sql.raw(`"g"."r_${k}"`)]));
  return { from: sql`(${query}) g`, cols };
}

/** `expr AS "r_<field>"`: the alias keeps its case (quoted), as `grouped` reads it. */
export const as = (expr: SQL, field: string) => sql`(${expr})::bigint as ${sql.raw(`"r_${field}"`)}`;

/** A condition keeping one key's rows: on the roll-up's rows, and on the edge days' invoices (i). */
interface OneKey {
  rollup: SQL;
  rows: SQL;
}

/**
 * Invoice figures per key (customer id, 0 for walk-in, or biller id): the roll-up's months plus the
 * edge invoices; `one` keeps a single key's rows (read through its indexes).
 */
export function partyGroups(filter: Filter, key: 'customer_id' | 'biller_id', withStatus: boolean, one?: OneKey): SQL {
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
  // The edge days' invoices with the sums of their lines they keep (migration 0070): no line read.
  const rows = netRows(split, (days, sign) => {
    return sql`select ${rowKey}, ${sign}, ${sign} * i.award_points_redeemed, ${sign} * i.paid,
      ${sign} * i.discount_redeemed, ${sign} * i.balance, ${sign} * (i.total::bigint - i.amount_credited),
      ${sign} * i.lines_cost, ${sign} * i.lines_selling, ${sign} * i.lines_resellable, ${sign} * i.lines_damaged
    from invoices i
    where ${and(sql`i.status <> 'NEW'`, days, statusIs(sql`i.status`, status), one?.rows)}`;
  });
  return sql`(${rollup} union all ${rows}) u(key, invoices, award_points, paid, discount, balance, amount, cost,
    selling, resellable, damaged)`;
}

const u = (column: string) => sql.raw(`sum(u.${column})`);
export const PARTY_SUMS = sql.join(
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

export const SUMMARY_SUMS = sql.join(
  [
    as(u('invoices'), 'totalInvoices'),
    as(u('amount'), 'totalAmount'),
    as(u('paid'), 'totalPaid'),
    as(u('balance'), 'totalDue'),
  ],
  sql`, `,
);
