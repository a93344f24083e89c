import {
  addDays,
  type DateRange,
  type RecentInvoicesFilter,
  type TopProductsFilter,
  UNCATEGORIZED,
  WALK_IN_CUSTOMER,
} from '@wd/contracts';
import { and, asc, desc, eq, gte, ilike, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { customersWithInvoices } from '../../db/customer-months.js';
import { netRows, splitPeriodNet, splitWeeks } from '../../db/periods.js';
import {
  foldRollups,
  invoiceDayTotalDeltas,
  invoiceDayTotals,
  pendingRows,
  productRollup,
  weekRollup,
} from '../../db/rollups.js';
import { customers, invoices } from '../../db/schema/index.js';
import { listPage, pageByIds, periodCondition } from '../../lib/list.js';
import { likePattern, searchCondition } from '../../lib/list-search.js';
import { seekingPage } from '../../lib/list-seek.js';
import {
  DENSE_NUMBERS,
  everyInvoiceMatches,
  numbersMatching,
  submittedCount,
} from '../invoices/invoice-list.repository.js';
import { inDateOrder, invoiceSeek, type SeekScope, seekable } from '../invoices/invoice-seek.repository.js';

/**
 * The SQL of the dashboard (docs/dashboard.md). Every figure counts invoices that are not NEW,
 * dated in a half-open range [from, until); lines with quantity > 0 are sales. The figures come
 * from the roll-ups (the daily invoice totals, the monthly product and customer roll-ups) plus
 * the rows of the days of a month the range cuts, so they count every write committed before
 * them: most read the roll-ups' pending deltas in the same statement; the status card, which
 * counts customers from the kept customer months, folds first. Money stays in cents here; the
 * service converts to dollars.
 */

/** A whole-number aggregate (sums come back as text from bigint). */
const whole = (expr: SQL) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);

/** The range as a period of inclusive dates. */
const periodOf = (range: DateRange) => ({ startDate: range.from, endDate: addDays(range.until, -1) });
/** The range as the roll-ups' period: its whole months, a cut month read whole less its days outside the range when those are fewer. */
const netMonthsOf = (range: DateRange) => splitPeriodNet(periodOf(range));

/**
 * The counted lines of the range per product and kind ('S' a sale, 'R' a resellable return, 'D' a
 * damaged return): the whole months from the monthly product roll-up, the days of a month the
 * range cuts as whole weeks of the weekly one (migration 0074) and the few days left over from the
 * lines themselves (u: barcode, product_name, kind, lines, quantity). A line
 * marked damaged is always a return (the app refuses damaged goods on a sale), as the roll-up
 * counts it. The roll-ups' pending deltas are read in the same statement (productRollup,
 * weekRollup), so no fold is needed first.
 */
function productKinds(range: DateRange): SQL {
  const split = netMonthsOf(range);
  const [keys, sums] = [
    ['barcode', 'product_name', 'kind'],
    ['lines', 'quantity'],
  ];
  const edges = splitWeeks(split);
  const weeks = weekRollup('report_product_weeks', edges.weeks, keys, sums);
  const rows = netRows(edges, (days, sign) => {
    return sql`select c.barcode, c.product_name,
      case when not c.damaged_good and c.quantity > 0 then 'S' when not c.damaged_good and c.quantity < 0 then 'R'
        when c.damaged_good and c.quantity < 0 then 'D' end, ${sign}, ${sign} * c.quantity
    from invoice_items c join invoices i on i.id = c.invoice_id
    where i.status <> 'NEW' and ${days}`;
  });
  return sql`(${productRollup(split, keys, sums)}${weeks ? sql` union all ${weeks}` : sql``}
    union all ${rows}) u(barcode, product_name, kind, lines, quantity)`;
}

/** The daily invoice roll-up's rows of the range (counted invoices only, per day, biller, type and status). */
const dayTotalsIn = (range: DateRange, t: typeof invoiceDayTotals | typeof invoiceDayTotalDeltas = invoiceDayTotals) =>
  and(gte(t.date, range.from), lt(t.date, range.until));

/**
 * The range's rows of the daily roll-up and of its deltas not folded yet, read in one statement
 * (its one snapshot holds every write committed before it, folded or not): no fold first.
 */
function dayRows(db: Tx, range: DateRange) {
  const columns = (t: typeof invoiceDayTotals | typeof invoiceDayTotalDeltas) => ({
    date: t.date,
    invoices: t.invoices,
    total: t.total,
  });
  return unionAll(
    db.select(columns(invoiceDayTotals)).from(invoiceDayTotals).where(dayTotalsIn(range)),
    db
      .select(columns(invoiceDayTotalDeltas))
      .from(invoiceDayTotalDeltas)
      .where(dayTotalsIn(range, invoiceDayTotalDeltas)),
  ).as('d');
}

/**
 * The latest invoices' search ("invoice no or customer contains the text") on the invoices' own
 * columns, so the page and the count never join: the matching numbers by their trigram index
 * (as ids, unless more than `denseAt` match: then tested on the rows), a matching customer's
 * invoices by the customer, the walk-in sales when the text is part of their label. A part of
 * "Invoice/" that every number has is no search at all (undefined), as on the invoice list.
 */
async function recentSearch(db: Tx, query: string | undefined, denseAt: number): Promise<SQL | undefined> {
  const text = query?.trim();
  if (!text || (await everyInvoiceMatches(db, text))) return undefined;
  const pattern = likePattern(text);
  const numbers = await numbersMatching(db, text, denseAt);
  const ofCustomers = sql`(select c.id from ${customers} c where c.company ilike ${pattern})`;
  const walkIns = WALK_IN_CUSTOMER.toLowerCase().includes(text.toLowerCase());
  if (numbers.length > denseAt) {
    return or(
      ilike(invoices.invoiceNo, pattern),
      sql`${invoices.customerId} in ${ofCustomers}`,
      walkIns ? isNull(invoices.customerId) : undefined,
    );
  }
  return sql`${invoices.id} in (select unnest(${`{${numbers.join(',')}}`}::int[])
    union select n.id from invoices n where n.customer_id in ${ofCustomers}
    ${walkIns ? sql`union select n.id from invoices n where n.customer_id is null` : sql``})`;
}

export const dashboardRepository = {
  /**
   * Top selling: per product (line snapshot of barcode and name), the sales quantity, from the
   * product roll-up and the edge days' lines; paged and sorted by listPage.
   */
  async topProducts(db: Tx, range: DateRange, filter: TopProductsFilter) {
    const r = sql`(select u.barcode as d_barcode, u.product_name as d_product_name,
      sum(u.quantity)::bigint as d_quantity_sold from ${productKinds(range)}
      where u.kind = 'S' group by u.barcode, u.product_name having sum(u.lines) > 0) r`;
    const columns = {
      productName: sql<string>`r.d_product_name`,
      quantitySold: sql`r.d_quantity_sold`.mapWith(Number),
    };
    return listPage(filter, {
      from: (fields) => db.select(fields).from(r),
      columns,
      where: searchCondition(filter.searchQuery, [sql`r.d_product_name`, sql`r.d_barcode`]),
      sortable: columns,
      order: [desc(sql`r.d_quantity_sold`), asc(sql`r.d_product_name`), asc(sql`r.d_barcode`)],
      // The products are grouped in full before any order: group them once for the page and the count.
      windowed: true,
    });
  },

  /** Distinct products sold, and units sold, returned for resale and returned damaged. */
  async productStatus(db: Tx, range: DateRange) {
    const [row] = rowsOf<Record<string, string | null>>(
      await db.execute(sql`select count(*) filter (where g.sold > 0) as "productsSold", sum(g.sold) as "unitsSold",
        sum(g.returned) as "unitsReturned", sum(g.damaged) as "unitsDamaged"
      from (select coalesce(sum(u.quantity) filter (where u.kind = 'S'), 0) as sold,
          coalesce(sum(-u.quantity) filter (where u.kind = 'R'), 0) as returned,
          coalesce(sum(-u.quantity) filter (where u.kind = 'D'), 0) as damaged
        from ${productKinds(range)} where u.kind is not null group by u.barcode, u.product_name) g`),
    );
    return {
      productsSold: Number(row.productsSold ?? 0),
      unitsSold: Number(row.unitsSold ?? 0),
      unitsReturned: Number(row.unitsReturned ?? 0),
      unitsDamaged: Number(row.unitsDamaged ?? 0),
    };
  },

  /**
   * Units sold (the product roll-up's sales, and the units each invoice of a cut month's days
   * keeps: migration 0070), invoices with status PAID (the daily roll-up) and distinct customers
   * invoiced (customersWithInvoices; walk-in sales are nobody's), in one statement after a fold.
   */
  async status(db: Tx, range: DateRange) {
    await foldRollups(db);
    const split = netMonthsOf(range);
    const unitsOfDays = netRows(
      split,
      (days, sign) => sql`select ${sign} * i.lines_units_sold from invoices i where i.status <> 'NEW' and ${days}`,
    );
    const [row] = rowsOf<Record<string, string | null>>(
      await db.execute(sql`select
        (select sum(u.quantity) from (${productRollup(split, [], ['quantity'], sql`kind = 'S'`)}
          union all ${unitsOfDays}) u(quantity)) as "quantitySold",
        (select sum(${invoiceDayTotals.invoices}) from ${invoiceDayTotals}
          where ${and(dayTotalsIn(range), eq(invoiceDayTotals.status, 'PAID'))}) as "invoicesPaid",
        ${customersWithInvoices(periodOf(range), undefined, false)} as "activeCustomers"`),
    );
    return {
      quantitySold: Number(row.quantitySold ?? 0),
      invoicesPaid: Number(row.invoicesPaid ?? 0),
      activeCustomers: Number(row.activeCustomers ?? 0),
    };
  },

  /** Σ total of the counted invoices in the range and how many they are (the daily roll-up). */
  async overview(db: Tx, range: DateRange) {
    const d = dayRows(db, range);
    const [row] = await db
      .select({ revenue: whole(sql`sum(${d.total})`), ordersProcessed: whole(sql`sum(${d.invoices})`) })
      .from(d);
    return row;
  },

  /** Per day with counted invoices: Σ total and how many (the service adds the days without any). */
  async daily(db: Tx, range: DateRange) {
    const d = dayRows(db, range);
    return db
      .select({
        date: d.date,
        totalRevenue: whole(sql`sum(${d.total})`),
        totalOrders: whole(sql`sum(${d.invoices})`),
      })
      .from(d)
      .groupBy(d.date)
      .having(sql`sum(${d.invoices}) <> 0`)
      .orderBy(d.date);
  },

  /**
   * Σ sales subtotal per product category (the product's current one; none or a line whose product
   * is gone → Uncategorized), largest first. The whole months come from the roll-up per product id
   * and month (migration 0052); the days of a month the range cuts as whole weeks of the roll-up
   * per product id and week (migration 0074) and the days left over from their lines, read through
   * the invoices' date index and the lines' invoice index. The roll-ups' pending deltas are read
   * in the same statement, so no fold is needed first.
   */
  async byCategory(db: Tx, range: DateRange) {
    const split = netMonthsOf(range);
    const edges = splitWeeks(split);
    const weeks = weekRollup('report_product_id_weeks', edges.weeks, ['product_id'], ['lines', 'subtotal']);
    const rows = netRows(edges, (days, sign) => {
      return sql`select coalesce(c.product_id, 0), ${sign}, ${sign} * c.subtotal
        from invoice_items c join invoices i on i.id = c.invoice_id
        where i.status <> 'NEW' and c.quantity > 0 and ${days}`;
    });
    return rowsOf<{ category: string; totalSales: number }>(
      await db.execute(sql`select coalesce(nullif(p.category, ''), ${UNCATEGORIZED}) as category,
          sum(u.subtotal)::bigint as "totalSales"
        from (select product_id, lines, subtotal from report_product_id_months where ${split.months ?? sql`true`}
          union all ${pendingRows('report_product_id_month_deltas', sql`product_id, lines, subtotal`, split.months)}
          ${weeks ? sql`union all ${weeks}` : sql``}
          union all ${rows}) u
        left join products p on p.id = u.product_id
        group by 1 having sum(u.lines) > 0
        order by 2 desc, 1`),
    ).map((r) => ({ category: r.category, totalSales: Number(r.totalSales) }));
  },

  /**
   * The latest counted invoices (any period unless the filter gives one), newest first. As on the
   * invoice list (docs/performance-lists.md): without a search, the page's ids come from an index
   * in the page's order (each sort column's (column, date, id), ties in the sort's direction, the
   * customer by the company the invoice keeps) and the count from the roll-ups with their deltas
   * not folded yet, in one statement (no fold first: one statement fewer a page).
   */
  async recentInvoices(db: Tx, filter: RecentInvoicesFilter, denseAt = DENSE_NUMBERS, seekFrom?: number) {
    const customer = sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`;
    const columns = {
      id: invoices.id,
      invoiceNo: invoices.invoiceNo,
      customer,
      total: invoices.total,
      status: invoices.status,
      date: invoices.date,
    };
    const sortable = {
      id: invoices.id,
      invoiceNo: invoices.id,
      customer: invoices.customerSort,
      total: invoices.total,
      status: invoices.status,
      date: invoices.date,
    };
    const counted = and(ne(invoices.status, 'NEW'), periodCondition(invoices.date, filter));
    const search = await recentSearch(db, filter.searchQuery, denseAt);
    const ascending = filter.sortingList?.[0]?.order === 'asc';
    const joined = <F extends Parameters<typeof db.select>[0]>(fields: F) =>
      db.select(fields).from(invoices).leftJoin(customers, eq(customers.id, invoices.customerId));
    const pageOf = (where: SQL | undefined) =>
      pageByIds(db, invoices, invoices.id, where, (w) => joined(columns).where(w));
    // In date order without a search, a deep page is found through the day totals (the drafts are no part of it).
    const scope: SeekScope = { period: filter, withNew: false };
    const seek = !search && inDateOrder(filter.sortingList) && seekable(scope);
    return listPage(filter, {
      from: (fields) => joined(fields),
      columns,
      where: and(counted, search),
      sortable,
      order: ascending ? [asc(invoices.date), asc(invoices.id)] : [desc(invoices.date), desc(invoices.id)],
      // The count is the roll-up's without a search: a page past the middle is read from the end,
      // unless it is sought.
      reversedOrder:
        search || seek
          ? undefined
          : ascending
            ? [desc(invoices.date), desc(invoices.id)]
            : [asc(invoices.date), asc(invoices.id)],
      page: seek
        ? seekingPage(counted, pageOf, invoiceSeek(db, scope, !ascending), seekFrom)
        : pageOf(and(counted, search)),
      aggregate: search
        ? async () => {
            const [{ totalRows }] = await db
              .select({ totalRows: whole(sql`count(*)`) })
              .from(invoices)
              .where(and(counted, search));
            return { totalRows, totals: {} };
          }
        : async () => ({ totalRows: await submittedCount(db, filter), totals: {} }),
    });
  },
};
