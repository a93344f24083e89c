import {
  type DateRange,
  type RecentInvoicesFilter,
  type TopProductsFilter,
  UNCATEGORIZED,
  WALK_IN_CUSTOMER,
} from '@wd/contracts';
import { and, asc, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { foldRollups, invoiceDayTotals } from '../../db/rollups.js';
import { customers, invoiceItems, invoices, products } from '../../db/schema/index.js';
import { listPage, periodCondition, searchCondition } from '../../lib/list.js';

/**
 * The SQL of the dashboard (docs/dashboard.md). Every
 * figure counts invoices that are not NEW, dated in a half-open range
 * [from, until) so the date index serves it; lines with quantity > 0 are
 * sales. Money stays in cents here; the service converts to dollars.
 */

const { quantity: qty, subtotal, damagedGood: damaged } = invoiceItems;

/** Counted invoices dated in the range. */
const counted = (range: DateRange) =>
  and(ne(invoices.status, 'NEW'), gte(invoices.date, range.from), lt(invoices.date, range.until));

/** A whole-number aggregate (sums come back as text from bigint). */
const whole = (expr: SQL) => sql<number>`coalesce(${expr}, 0)`.mapWith(Number);

/** The lines of the counted invoices in the range. */
const countedLines = (db: Tx, fields: Record<string, SQL | SQL.Aliased>, range: DateRange) =>
  db
    .select(fields)
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(counted(range));

export const dashboardRepository = {
  /** Top selling: per product (line snapshot of barcode and name), the sales quantity; paged and sorted by listPage. */
  topProducts(db: Tx, range: DateRange, filter: TopProductsFilter) {
    const r = db
      .select({
        productName: sql<string>`${invoiceItems.productName}`.as('d_product_name'),
        quantitySold: sql<string>`sum(${qty})::bigint`.as('d_quantity_sold'),
        barcode: sql<string>`${invoiceItems.barcode}`.as('d_barcode'),
      })
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(and(counted(range), sql`${qty} > 0`))
      .groupBy(invoiceItems.barcode, invoiceItems.productName)
      .as('r');
    const columns = {
      productName: sql<string>`${r.productName}`,
      quantitySold: sql`${r.quantitySold}`.mapWith(Number),
    };
    return listPage(filter, {
      from: (fields) => db.select(fields).from(r),
      columns,
      where: searchCondition(filter.searchQuery, [sql`${r.productName}`, sql`${r.barcode}`]),
      sortable: columns,
      order: [desc(sql`${r.quantitySold}`), asc(sql`${r.productName}`), asc(sql`${r.barcode}`)],
    });
  },

  /**
   * Distinct products sold, and units sold, returned for resale and returned
   * damaged: grouped per product first (a hash aggregate over the covering
   * index), which is several times quicker than `count(distinct (barcode, name))`.
   */
  async productStatus(db: Tx, range: DateRange) {
    const g = countedLines(
      db,
      {
        sold: sql`coalesce(sum(${qty}) filter (where ${qty} > 0), 0)`.as('d_sold'),
        returned: sql`coalesce(sum(-${qty}) filter (where ${qty} < 0 and not ${damaged}), 0)`.as('d_returned'),
        damaged: sql`coalesce(sum(-${qty}) filter (where ${qty} < 0 and ${damaged}), 0)`.as('d_damaged'),
      },
      range,
    )
      .groupBy(invoiceItems.barcode, invoiceItems.productName)
      .as('g');
    const [row] = await db
      .select({
        productsSold: whole(sql`count(*) filter (where ${g.sold} > 0)`),
        unitsSold: whole(sql`sum(${g.sold})`),
        unitsReturned: whole(sql`sum(${g.returned})`),
        unitsDamaged: whole(sql`sum(${g.damaged})`),
      })
      .from(g);
    return row;
  },

  /** Units sold (lines), invoices with status PAID and distinct customers invoiced (walk-in sales are nobody's). */
  async status(db: Tx, range: DateRange) {
    const [[lines], [heads]] = await Promise.all([
      countedLines(db, { quantitySold: whole(sql`sum(${qty}) filter (where ${qty} > 0)`) }, range),
      db
        .select({
          invoicesPaid: whole(sql`count(*) filter (where ${invoices.status} = 'PAID')`),
          activeCustomers: whole(sql`count(distinct ${invoices.customerId})`),
        })
        .from(invoices)
        .where(counted(range)),
    ]);
    return { ...(lines as { quantitySold: number }), ...heads };
  },

  /** Σ total of the counted invoices in the range and how many they are. */
  async overview(db: Tx, range: DateRange) {
    const [row] = await db
      .select({ revenue: whole(sql`sum(${invoices.total})`), ordersProcessed: whole(sql`count(*)`) })
      .from(invoices)
      .where(counted(range));
    return row;
  },

  /** Per day with counted invoices: Σ total and how many (the service adds the days without any). */
  daily(db: Tx, range: DateRange) {
    return db
      .select({
        date: invoices.date,
        totalRevenue: whole(sql`sum(${invoices.total})`),
        totalOrders: whole(sql`count(*)`),
      })
      .from(invoices)
      .where(counted(range))
      .groupBy(invoices.date)
      .orderBy(invoices.date);
  },

  /**
   * Σ sales subtotal per product category (the product's current one; none →
   * Uncategorized), largest first. The category needs the line's product id,
   * which the covering index lacks; with the invoices as an array the lines
   * are read through their invoice index, where a join made the planner scan
   * every line (docs/dashboard.md).
   */
  byCategory(db: Tx, range: DateRange) {
    const category = sql<string>`coalesce(nullif(${products.category}, ''), ${UNCATEGORIZED})`;
    const ids = db.select({ id: invoices.id }).from(invoices).where(counted(range));
    return db
      .select({ category, totalSales: whole(sql`sum(${subtotal})`) })
      .from(invoiceItems)
      .leftJoin(products, eq(products.id, invoiceItems.productId))
      .where(and(sql`${invoiceItems.invoiceId} = any(array(${ids}))`, sql`${qty} > 0`))
      .groupBy(sql`1`)
      .orderBy(desc(sql`2`), asc(sql`1`));
  },

  /**
   * The latest counted invoices (any period unless the filter gives one), newest first. As on the
   * invoice list (docs/performance-lists.md): without a search, the page's ids come from an index
   * in the page's order (each sort column's (column, date, id), ties in the sort's direction, the
   * customer by the company the invoice keeps) and the count from the daily roll-up.
   */
  recentInvoices(db: Tx, filter: RecentInvoicesFilter) {
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
    const search = searchCondition(filter.searchQuery, [invoices.invoiceNo, customer]);
    const joined = <F extends Parameters<typeof db.select>[0]>(fields: F) =>
      db.select(fields).from(invoices).leftJoin(customers, eq(customers.id, invoices.customerId));
    return listPage(filter, {
      from: (fields) => joined(fields),
      columns,
      where: and(counted, search),
      sortable,
      order:
        filter.sortingList?.[0]?.order === 'asc'
          ? [asc(invoices.date), asc(invoices.id)]
          : [desc(invoices.date), desc(invoices.id)],
      page: search
        ? undefined
        : (order, limit, offset) => {
            const ids = db
              .select({ id: invoices.id })
              .from(invoices)
              .where(counted)
              .orderBy(...order)
              .limit(limit)
              .offset(offset);
            return joined(columns)
              .where(inArray(invoices.id, ids))
              .orderBy(...order);
          },
      aggregate: search
        ? undefined
        : async () => {
            await foldRollups(db);
            const [{ totalRows }] = await db
              .select({ totalRows: whole(sql`sum(${invoiceDayTotals.invoices})`) })
              .from(invoiceDayTotals)
              .where(periodCondition(invoiceDayTotals.date, filter));
            return { totalRows, totals: {} };
          },
    });
  },
};
