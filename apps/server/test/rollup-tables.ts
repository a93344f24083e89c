import { WALK_IN_CUSTOMER } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Tx } from '../src/db/client.js';
import { foldRollups } from '../src/db/rollups.js';
import type { TestApp } from './helpers.js';

// The report roll-up tables held to what they summarise, each recomputed from its source: the
// reports' equality tests (reports-rollup.test.ts) run these after every step of their fixture.

/**
 * Joined to an invoice `i`: its lines' cost and selling (lines not damaged), resellable and damaged
 * credits (`l`), recomputed from invoice_items as the reports define them per invoice.
 */
const linesOfInvoice = sql`left join lateral (
    select sum(case when not damaged_good then quantity::bigint * cost_price else 0 end) as cost,
      sum(case when not damaged_good then subtotal else 0 end) as selling,
      sum(case when quantity < 0 and not damaged_good then -subtotal else 0 end) as resellable,
      sum(case when damaged_good then -subtotal else 0 end) as damaged
    from invoice_items where invoice_id = i.id) l on true`;

/** report_biller_months (migration 0054) holds report_party_months summed per month, status and biller. */
export async function expectBillerMonthsFromPartyMonths(t: TestApp) {
  const db = t.database.db as unknown as Tx;
  await foldRollups(db);
  const figures = 'invoices, award_points, paid, discount, balance, amount, cost, selling, resellable, damaged';
  const read = async (query: string) =>
    (await db.execute(sql.raw(query))) as unknown as { rows: Record<string, string | number>[] };
  const sums = figures
    .split(', ')
    .map((f) => `sum(${f})::bigint as ${f}`)
    .join(', ');
  const stored = await read(`select month::text, status, biller_id, ${figures} from report_biller_months
    where (${figures.replaceAll(', ', ' <> 0 or ')} <> 0) order by 1, 2, 3`);
  const summed = await read(`select * from (select month::text, status, biller_id, ${sums} from report_party_months
    group by 1, 2, 3) s where (${figures.replaceAll(', ', ' <> 0 or ')} <> 0) order by 1, 2, 3`);
  expect(summed.rows.length).toBeGreaterThan(1);
  expect(stored.rows).toEqual(summed.rows);
}

/** report_product_years (migration 0055) holds report_product_months summed per year. */
export async function expectProductYearsFromMonths(t: TestApp) {
  const db = t.database.db as unknown as Tx;
  await foldRollups(db);
  const read = async (query: string) =>
    (await db.execute(sql.raw(query))) as unknown as { rows: Record<string, string | number>[] };
  const nonZero = 'where lines <> 0 or quantity <> 0 or cost <> 0 or subtotal <> 0 order by 1, 2, 3, 4, 5';
  const stored = await read(`select year::text, status, kind, barcode, product_name, lines, quantity, cost, subtotal
    from report_product_years ${nonZero}`);
  const summed = await read(`select * from (select date_trunc('year', month)::date::text as year, status, kind, barcode,
      product_name, sum(lines)::bigint as lines, sum(quantity)::bigint as quantity, sum(cost)::bigint as cost,
      sum(subtotal)::bigint as subtotal
    from report_product_months group by 1, 2, 3, 4, 5) s ${nonZero}`);
  expect(summed.rows.length).toBeGreaterThan(1);
  expect(stored.rows).toEqual(summed.rows);
}

/** report_customer_all (migration 0018) holds, per customer, the sums recomputed from the counted invoices and lines. */
export async function expectCustomerAllFromRows(t: TestApp) {
  await foldRollups(t.database.db);
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const stored = await rows(sql`select customer_id, invoices::int, award_points::int, paid::int, discount::int,
      balance::int, amount::int, cost::int, selling::int, resellable::int, damaged::int
    from report_customer_all where invoices <> 0 or paid <> 0 or amount <> 0 or cost <> 0 or selling <> 0
    order by customer_id`);
  const recomputed = await rows(sql`select coalesce(i.customer_id, 0) as customer_id, count(*)::int as invoices,
      sum(i.award_points_redeemed)::int as award_points, sum(i.paid)::int as paid,
      sum(i.discount_redeemed)::int as discount, sum(i.balance)::int as balance,
      sum(i.total::bigint - i.amount_credited)::int as amount, coalesce(sum(l.cost), 0)::int as cost,
      coalesce(sum(l.selling), 0)::int as selling, coalesce(sum(l.resellable), 0)::int as resellable,
      coalesce(sum(l.damaged), 0)::int as damaged
    from invoices i ${linesOfInvoice}
    where i.status <> 'NEW' group by 1 order by 1`);
  expect(recomputed.length).toBeGreaterThan(1);
  expect(stored).toEqual(recomputed);
  const [counted] = await rows(sql`select customers::int as n from report_customer_count`);
  expect(counted.n).toBe(recomputed.length);
  // The name each row is listed by (migration 0071): the customer's company, or the walk-in row's.
  const names = await rows(sql`select a.customer_id, a.company, coalesce(c.company, ${WALK_IN_CUSTOMER}) as name
    from report_customer_all a left join customers c on c.id = a.customer_id order by 1`);
  expect(names.length).toBeGreaterThan(1);
  expect(names.filter((n) => n.company !== n.name)).toEqual([]);
}

/**
 * Every invoice's kept line sums (migration 0070: cost, selling, resellable and damaged, stored with
 * its totals) equal a recomputation from its lines, drafts included.
 */
export async function expectLineSumsFromLines(t: TestApp) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const kept = await rows(sql`select id, lines_cost::int as cost, lines_selling::int as selling,
      lines_resellable::int as resellable, lines_damaged::int as damaged, lines_units_sold::int as units
    from invoices order by id`);
  const recomputed =
    await rows(sql`select i.id, coalesce(l.cost, 0)::int as cost, coalesce(l.selling, 0)::int as selling,
      coalesce(l.resellable, 0)::int as resellable, coalesce(l.damaged, 0)::int as damaged,
      coalesce((select sum(quantity) from invoice_items where invoice_id = i.id and quantity > 0 and not damaged_good),
        0)::int as units
    from invoices i ${linesOfInvoice}
    order by i.id`);
  // Not a vacuous comparison: some invoices have each kind of line.
  for (const figure of ['cost', 'selling', 'resellable', 'damaged', 'units'])
    expect(recomputed.some((r) => r[figure] !== 0)).toBe(true);
  expect(kept).toEqual(recomputed);
}

/**
 * The weekly product roll-ups (migration 0074) hold, per block of a month (the 1st-7th, 8th-14th,
 * 15th-21st, 22nd-28th, 29th to the end), the counted lines recomputed from invoice_items: per
 * status, kind, barcode and name, and the sales per product id.
 */
export async function expectProductWeeksFromLines(t: TestApp) {
  const db = t.database.db as unknown as Tx;
  await foldRollups(db);
  const read = async (query: string) =>
    (await db.execute(sql.raw(query))) as unknown as { rows: Record<string, string | number>[] };
  const week = `(date_trunc('month', i.date)::date + case when extract(day from i.date) <= 7 then 0
    when extract(day from i.date) <= 14 then 7 when extract(day from i.date) <= 21 then 14
    when extract(day from i.date) <= 28 then 21 else 28 end)::text`;
  const kind = `case when not c.damaged_good and c.quantity > 0 then 'S' when not c.damaged_good and c.quantity < 0
    then 'R' when c.damaged_good and c.quantity < 0 then 'D' end`;
  const lines = 'invoice_items c join invoices i on i.id = c.invoice_id';
  const stored = await read(`select week::text, status, kind, barcode, product_name, lines, quantity, cost, subtotal
    from report_product_weeks where lines <> 0 or quantity <> 0 or cost <> 0 or subtotal <> 0 order by 1, 2, 3, 4, 5`);
  const summed = await read(`select * from (select ${week} as week, i.status, ${kind} as kind, c.barcode,
      c.product_name, count(*)::bigint as lines, sum(c.quantity)::bigint as quantity,
      sum(c.quantity::bigint * c.cost_price)::bigint as cost, sum(c.subtotal)::bigint as subtotal
    from ${lines} where i.status <> 'NEW' group by 1, 2, 3, 4, 5) s where kind is not null order by 1, 2, 3, 4, 5`);
  expect(summed.rows.length).toBeGreaterThan(1);
  expect(stored.rows).toEqual(summed.rows);
  const storedIds = await read(`select week::text, product_id, lines, subtotal from report_product_id_weeks
    where lines <> 0 or subtotal <> 0 order by 1, 2`);
  const summedIds = await read(`select ${week} as week, coalesce(c.product_id, 0) as product_id,
      count(*)::bigint as lines, sum(c.subtotal)::bigint as subtotal
    from ${lines} where i.status <> 'NEW' and c.quantity > 0 group by 1, 2 order by 1, 2`);
  expect(summedIds.rows.length).toBeGreaterThan(1);
  expect(storedIds.rows).toEqual(summedIds.rows);
}

/** report_product_all (migration 0075) holds report_product_months summed over every month and status, per report kind. */
export async function expectProductAllFromMonths(t: TestApp) {
  const db = t.database.db as unknown as Tx;
  await foldRollups(db);
  const read = async (query: string) =>
    (await db.execute(sql.raw(query))) as unknown as { rows: Record<string, string | number>[] };
  const nonZero = 'where lines <> 0 or quantity <> 0 or cost <> 0 or subtotal <> 0 order by 1, 2, 3';
  const stored = await read(`select kind, barcode, product_name, lines, quantity, cost, subtotal
    from report_product_all ${nonZero}`);
  const summed = await read(`select * from (select case kind when 'D' then 'D' else 'S' end as kind, barcode,
      product_name, sum(lines)::bigint as lines, sum(quantity)::bigint as quantity, sum(cost)::bigint as cost,
      sum(subtotal)::bigint as subtotal
    from report_product_months group by 1, 2, 3) s ${nonZero}`);
  expect(summed.rows.filter((r) => r.kind === 'D').length).toBeGreaterThan(0);
  expect(stored.rows).toEqual(summed.rows);
}
