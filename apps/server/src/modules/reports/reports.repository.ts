import { WALK_IN_CUSTOMER } from '@wd/contracts';
import { and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { billers, customers, expenses, invoices } from '../../db/schema/index.js';
import { listPage, periodCondition } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';

import {
  cost,
  counted,
  customerSearch,
  damaged,
  type Filter,
  firstPage,
  from,
  type Grouped,
  INVOICE_FIGURES,
  invoicesBy,
  productLines,
  qty,
  quickTotals,
  subtotal,
  sum,
} from './report-sql.repository.js';

/** The five reports' views and their plain definition, from the pieces of report-sql.repository.ts. */
export const PRODUCT_FIGURES = ['totalCostPrice', 'totalSellingPrice', 'totalQuantitySold', 'totalProfit'];
export const DAMAGED_FIGURES = ['totalCostPrice', 'totalDamagedPrice', 'totalLoss', 'totalQuantityDamaged'];
export const SUMMARY_FIGURES = ['totalInvoices', 'totalAmount', 'totalPaid', 'totalDue'];
/**
 * A customer view searched: its matches are found, grouped and sorted in full before any page (a
 * broad search matches thousands of customers), so page, count and footer read them once, in one
 * statement. Without a search the views keep their shortcuts (firstPage, quickTotals).
 */
const searchedOnce = (filter: Filter) => Boolean(filter.searchQuery?.trim());
/**
 * A customer view's name column and its FROM: the name the source keeps (`cols.name`: the kept
 * all-history rows keep it), or the customer's company joined by the key (walk-in sales, key 0,
 * have none: their label).
 */
function customerName(g: Grouped, key: SQL): [SQL<string>, <Q>(q: Q) => Q] {
  if (g.cols.name) return [sql<string>`${g.cols.name}`, (q) => q];
  const join = <Q>(q: Q) => (q as unknown as SelectFrom).leftJoin(customers, eq(customers.id, key)) as unknown as Q;
  return [sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`, join];
}
type SelectFrom = ReturnType<typeof from>;
const only = (cols: Record<string, SQL>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, cols[k]]));

export const reportViews = {
  /** Per product (Product and Damaged Goods Reports): searched by name and barcode. */
  products(db: Tx, filter: Filter, g: Grouped, keys: string[]) {
    const figures = only(g.cols, keys);
    const columns = { ...only(g.cols, ['barcode', 'productName']), ...figures };
    return listPage(filter, {
      from: (fields) => from(db, g.from, fields),
      columns,
      where: searchCondition(filter.searchQuery, [columns.productName, columns.barcode]),
      sortable: columns,
      order: [asc(columns.productName), asc(columns.barcode)],
      totals: figures,
      // The products are grouped in full before any order: group them once for page and footer.
      windowed: true,
    });
  },

  /** My Report: per customer key (0: walk-in), the invoice figures and the profit. */
  customer(db: Tx, filter: Filter, g: Grouped) {
    const [name, named] = customerName(g, g.cols.key);
    const figures = only(g.cols, INVOICE_FIGURES);
    const c = g.cols;
    const totalProfit = sql<string>`(${c.totalSelling} - ${c.totalCost} - ${c.discount} - ${c.damagedGoods})`;
    const columns = { customer: name, ...figures, totalProfit };
    return listPage(filter, {
      from: (fields) => named(from(db, g.from, fields)),
      columns,
      where: customerSearch(filter.searchQuery, c.key),
      sortable: columns,
      order: [asc(name), asc(c.key)],
      totals: { ...figures, totalProfit },
      aggregate: quickTotals(db, filter, g, { ...figures, totalProfit }),
      windowed: searchedOnce(filter),
      page: firstPage(db, filter, g, (first, order, limit, offset) =>
        named(from(db, first, columns))
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    });
  },

  /** Customer Report (summary): per customer id (0: walk-in). */
  customerSummary(db: Tx, filter: Filter, g: Grouped) {
    const [name, named] = customerName(g, g.cols.id);
    const figures = only(g.cols, SUMMARY_FIGURES);
    const columns = { customer: name, id: g.cols.id, ...figures };
    return listPage(filter, {
      from: (fields) => named(from(db, g.from, fields)),
      columns,
      where: customerSearch(filter.searchQuery, g.cols.id),
      sortable: columns,
      order: [asc(name), asc(g.cols.id)],
      totals: figures,
      aggregate: quickTotals(db, filter, g, figures),
      windowed: searchedOnce(filter),
      page: firstPage(db, filter, g, (first, order, limit, offset) =>
        named(from(db, first, columns))
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    });
  },

  /** Biller Report: per biller with invoices or expenses in the period; expenses by their own date. */
  biller(db: Tx, filter: Filter, g: Grouped, spent: SQL = plainExpenses(filter)) {
    // `spent`: per biller with expenses in the period, their sum (e: r_biller_id, r_amount).
    const e = { billerId: sql.raw('"e"."r_biller_id"'), amount: sql.raw('"e"."r_amount"') };
    const z = (column: unknown) => sql<string>`coalesce(${column}, 0)`;
    const c = g.cols;
    const figures = {
      totalCost: z(c.totalCost),
      totalSelling: z(c.totalSelling),
      awardPoints: z(c.awardPoints),
      discount: z(c.discount),
      damagedGoods: z(c.damagedGoods),
      totalExpense: z(e.amount),
    };
    const totalProfit = sql<string>`(${figures.totalSelling} - ${figures.totalCost} - ${figures.discount} - ${figures.damagedGoods} - ${figures.totalExpense})`;
    const columns = { biller: billers.company, ...figures, totalProfit };
    return listPage(filter, {
      from: (fields) =>
        db
          .select(fields)
          .from(billers)
          .leftJoin(g.from as SQL, eq(c.key, billers.id))
          .leftJoin(spent, eq(e.billerId, billers.id)),
      columns,
      where: and(
        or(isNotNull(c.key), isNotNull(e.billerId)),
        searchCondition(filter.searchQuery, [billers.company, billers.name]),
      ),
      sortable: columns,
      order: [asc(billers.company), asc(billers.id)],
      totals: { ...figures, totalProfit },
      // Every biller's invoices and expenses are grouped before any order: once for page and footer.
      windowed: true,
    });
  },
};

/** The plain definition: every report summed from the rows (reports-rollup.repository.ts gives the same figures faster). */
export const reportsRepository = {
  /** Product Report: sales net of resellable returns per product; damaged lines are left out. */
  product(db: Tx, filter: Filter) {
    const r = productLines(db, filter, sql`${qty} <> 0 and not ${damaged}`, {
      totalCostPrice: sum(sql`${qty} * ${cost}`, 'total_cost_price'),
      totalSellingPrice: sum(sql`${subtotal}`, 'total_selling_price'),
      totalQuantitySold: sum(sql`${qty}`, 'total_quantity_sold'),
      totalProfit: sum(sql`${subtotal} - ${qty} * ${cost}`, 'total_profit'),
    });
    const g = { from: r, cols: pick(r, ['barcode', 'productName', ...PRODUCT_FIGURES]) };
    return reportViews.products(db, filter, g, PRODUCT_FIGURES);
  },

  /** Damaged Goods Report: damaged returns per product, as positive quantities and amounts. */
  damagedGoods(db: Tx, filter: Filter) {
    const r = productLines(db, filter, sql`${qty} < 0 and ${damaged}`, {
      totalCostPrice: sum(sql`-${qty} * ${cost}`, 'total_cost_price'),
      totalDamagedPrice: sum(sql`-${subtotal}`, 'total_damaged_price'),
      totalLoss: sum(sql`-${subtotal}`, 'total_loss'),
      totalQuantityDamaged: sum(sql`-${qty}`, 'total_quantity_damaged'),
    });
    const g = { from: r, cols: pick(r, ['barcode', 'productName', ...DAMAGED_FIGURES]) };
    return reportViews.products(db, filter, g, DAMAGED_FIGURES);
  },

  /** My Report: per customer (walk-in sales as one row), invoices, lines and payments. */
  customer(db: Tx, filter: Filter) {
    const g = invoicesBy(db, filter, sql<number>`coalesce(${invoices.customerId}, 0)`.as('r_key'), 'g');
    return reportViews.customer(db, filter, { from: g, cols: pick(g, ['key', ...INVOICE_FIGURES]) });
  },

  /** Customer Report (summary): per customer, invoices, amount (total − credited), paid and due; no status. */
  customerSummary(db: Tx, filter: Filter) {
    const g = db
      .select({
        id: sql<number>`coalesce(${invoices.customerId}, 0)`.as('r_id'),
        totalInvoices: sum(sql`1`, 'total_invoices'),
        totalAmount: sum(sql`${invoices.total} - ${invoices.amountCredited}`, 'total_amount'),
        totalPaid: sum(sql`${invoices.paid}`, 'total_paid'),
        totalDue: sum(sql`${invoices.balance}`, 'total_due'),
      })
      .from(invoices)
      .where(counted(filter, false))
      .groupBy(sql`1`)
      .as('g');
    return reportViews.customerSummary(db, filter, { from: g, cols: pick(g, ['id', ...SUMMARY_FIGURES]) });
  },

  /** Biller Report: per biller with invoices or expenses in the period; expenses by their own date. */
  biller(db: Tx, filter: Filter) {
    const g = invoicesBy(db, filter, sql<number>`${invoices.billerId}`.as('r_key'), 'g');
    return reportViews.biller(db, filter, { from: g, cols: pick(g, ['key', ...INVOICE_FIGURES]) });
  },
};

/** The Biller Report's expenses by definition: every expense of the period, summed per biller. */
function plainExpenses(filter: Filter): SQL {
  return sql`(select ${expenses.billerId} as r_biller_id, coalesce(sum(${expenses.amount}), 0)::bigint as r_amount
    from ${expenses} where ${periodCondition(expenses.date, filter) ?? sql`true`} group by ${expenses.billerId}) e`;
}

/** Some columns of a subquery by name, as references the outer query can select, sort and sum. */
function pick(sub: object, keys: string[]): Record<string, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`${(sub as Record<string, SQL.Aliased>)[k]}`]));
}
