import { type DateRange, UNCATEGORIZED } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { dashboardRepository } from '../src/modules/dashboard/dashboard.repository.js';
import type { TestApp } from './helpers.js';

/** Whole months, months cut at either end, a few days inside one month, a whole year. */
const RANGES: DateRange[] = [
  { from: '2026-01-01', until: '2026-02-01' },
  { from: '2026-01-15', until: '2026-02-15' },
  { from: '2025-12-31', until: '2026-03-02' },
  { from: '2026-01-10', until: '2026-01-21' },
  { from: '2026-01-06', until: '2026-02-20' },
  { from: '2026-01-13', until: '2026-01-28' },
  { from: '2026-02-01', until: '2026-03-01' },
  { from: '2026-01-01', until: '2027-01-01' },
];

/**
 * The dashboard's figures, read from the roll-ups and the edge days' rows, against the plain
 * definition summed from the invoices and lines: counted invoices (not NEW) dated in the range;
 * a line with quantity > 0 is a sale, < 0 a return, resellable or damaged; a line's category is its
 * product's current one. `foldHeld`: another transaction holds every fold off (the figures that
 * read without a fold are compared; the status card, which folds first, is not).
 */
export async function expectDashboardSameAsPlain(t: TestApp, opts: { foldHeld?: boolean } = {}) {
  const db = t.database.db;
  const read = async (query: ReturnType<typeof sql>) =>
    rowsOf<Record<string, string | number | null>>(await db.execute(query));
  for (const range of RANGES) {
    const counted = sql`i.status <> 'NEW' and i.date >= ${range.from} and i.date < ${range.until}`;
    const lines = sql`invoice_items c join invoices i on i.id = c.invoice_id where ${counted}`;
    const label = `${range.from} … ${range.until}`;

    const top = await read(sql`select c.product_name as "productName", sum(c.quantity)::int as "quantitySold"
      from ${lines} and c.quantity > 0 group by c.barcode, c.product_name
      order by 2 desc, c.product_name, c.barcode`);
    const fast = await dashboardRepository.topProducts(db, range, { currentPage: 1, resultsPerPage: 100 } as never);
    expect({ label, rows: fast.rows, totalRows: fast.totalRows }).toEqual({ label, rows: top, totalRows: top.length });

    const [status] = await read(sql`select
      (select coalesce(sum(c.quantity) filter (where c.quantity > 0), 0)::int from ${lines}) as "quantitySold",
      (select count(*)::int from invoices i where ${counted} and i.status = 'PAID') as "invoicesPaid",
      (select count(distinct i.customer_id)::int from invoices i where ${counted}) as "activeCustomers"`);
    // The status card folds first (its customers are counted from the kept customer months): not
    // while another transaction holds the fold off.
    if (!opts.foldHeld)
      expect({ label, ...(await dashboardRepository.status(db, range)) }).toEqual({ label, ...status });

    const [products] = await read(sql`select count(*) filter (where g.sold > 0)::int as "productsSold",
        coalesce(sum(g.sold), 0)::int as "unitsSold", coalesce(sum(g.returned), 0)::int as "unitsReturned",
        coalesce(sum(g.damaged), 0)::int as "unitsDamaged"
      from (select coalesce(sum(c.quantity) filter (where c.quantity > 0), 0) as sold,
          coalesce(sum(-c.quantity) filter (where c.quantity < 0 and not c.damaged_good), 0) as returned,
          coalesce(sum(-c.quantity) filter (where c.quantity < 0 and c.damaged_good), 0) as damaged
        from ${lines} group by c.barcode, c.product_name) g`);
    expect({ label, ...(await dashboardRepository.productStatus(db, range)) }).toEqual({ label, ...products });

    const [overview] =
      await read(sql`select coalesce(sum(i.total), 0)::int as revenue, count(*)::int as "ordersProcessed"
      from invoices i where ${counted}`);
    expect({ label, ...(await dashboardRepository.overview(db, range)) }).toEqual({ label, ...overview });

    const categories = await read(sql`select coalesce(nullif(p.category, ''), ${UNCATEGORIZED}) as category,
        sum(c.subtotal)::int as "totalSales"
      from invoice_items c join invoices i on i.id = c.invoice_id left join products p on p.id = c.product_id
      where ${counted} and c.quantity > 0 group by 1 order by 2 desc, 1`);
    expect({ label, categories: await dashboardRepository.byCategory(db, range) }).toEqual({ label, categories });

    const daily = await read(sql`select i.date::text as date, sum(i.total)::int as "totalRevenue",
        count(*)::int as "totalOrders"
      from invoices i where ${counted} group by i.date order by i.date`);
    expect({ label, daily: await dashboardRepository.daily(db, range) }).toEqual({ label, daily });
  }
}
