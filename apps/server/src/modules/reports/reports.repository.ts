import { type ReportFilter, WALK_IN_CUSTOMER } from '@wd/contracts';
import { and, asc, eq, isNotNull, ne, or, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { billers, customers, expenses, invoiceItems, invoices } from '../../db/schema/index.js';
import { choice, listPage, type PageRequest, periodCondition, searchCondition } from '../../lib/list.js';

/**
 * The SQL of the five reports (docs/reports.md). Every
 * figure is summed by the database from the line snapshots and the stored
 * invoice totals, in cents; the service converts to dollars. Each report is
 * one grouped subquery that `listPage` pages, sorts (allow-list = the row's
 * fields) and totals (one aggregate statement over every matching row).
 */

export type Filter = ReportFilter & PageRequest;

const { quantity: qty, costPrice: cost, subtotal, damagedGood: damaged } = invoiceItems;

/** Invoices a report counts: not NEW, in the period (date ranges: the date index serves them), of the status. */
function counted(filter: Filter, withStatus = true): SQL | undefined {
  return and(
    ne(invoices.status, 'NEW'),
    periodCondition(invoices.date, filter),
    withStatus ? choice(invoices.status, filter.status) : undefined,
  );
}

/**
 * `sum(expr)` as a bigint column of a subquery. Outer queries name a subquery's
 * columns unqualified, so every alias starts with `r_` to clash with no table's column.
 */
const sum = (expr: SQL, name: string) => sql<string>`coalesce(sum(${expr}), 0)::bigint`.as(`r_${name}`);

/** Per invoice: its lines' cost and selling (sales net of resellable returns), resellable and damaged credits. */
function lineTotals(db: Tx, filter: Filter) {
  return db
    .select({
      invoiceId: sql<number>`${invoiceItems.invoiceId}`.as('r_invoice_id'),
      cost: sum(sql`case when not ${damaged} then ${qty} * ${cost} else 0 end`, 'cost'),
      selling: sum(sql`case when not ${damaged} then ${subtotal} else 0 end`, 'selling'),
      resellable: sum(sql`case when ${qty} < 0 and not ${damaged} then -${subtotal} else 0 end`, 'resellable'),
      damaged: sum(sql`case when ${damaged} then -${subtotal} else 0 end`, 'damaged'),
    })
    .from(invoiceItems)
    .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
    .where(counted(filter))
    .groupBy(invoiceItems.invoiceId)
    .as('l');
}

/** Counted invoices grouped by a key (customer or biller), with their line totals beside the stored ones. */
function invoicesBy(db: Tx, filter: Filter, key: SQL.Aliased<number>, alias: string) {
  const l = lineTotals(db, filter);
  return db
    .select({
      key,
      totalInvoices: sum(sql`1`, 'total_invoices'),
      awardPoints: sum(sql`${invoices.awardPointsRedeemed}`, 'award_points'),
      totalCost: sum(sql`${l.cost}`, 'total_cost'),
      totalSelling: sum(sql`${l.selling}`, 'total_selling'),
      totalPaid: sum(sql`${invoices.paid}`, 'total_paid'),
      discount: sum(sql`${invoices.discountRedeemed}`, 'discount'),
      resellableGoods: sum(sql`${l.resellable}`, 'resellable_goods'),
      damagedGoods: sum(sql`${l.damaged}`, 'damaged_goods'),
      totalDue: sum(sql`${invoices.balance}`, 'total_due'),
    })
    .from(invoices)
    .leftJoin(l, eq(l.invoiceId, invoices.id))
    .where(counted(filter))
    .groupBy(sql`1`)
    .as(alias);
}

export const INVOICE_FIGURES = [
  'totalInvoices',
  'awardPoints',
  'totalCost',
  'totalSelling',
  'totalPaid',
  'discount',
  'resellableGoods',
  'damagedGoods',
  'totalDue',
];

/** Per product (snapshot barcode and name) over the lines that pass `lines`. */
function productLines(db: Tx, filter: Filter, lines: SQL, fields: Record<string, SQL.Aliased>) {
  return (
    db
      .select({ barcode: invoiceItems.barcode, productName: invoiceItems.productName, ...fields })
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(and(counted(filter), lines))
      .groupBy(invoiceItems.barcode, invoiceItems.productName)
      // A fence: the search on name and barcode then runs on the groups, not on every line (ILIKE per line
      // made a search over a year of lines many times slower; docs/reports.md).
      // (Drizzle leaves out a plain `offset(0)`, hence the SQL text.)
      .offset(sql`0` as unknown as number)
      .as('r')
  );
}

/**
 * A report's grouped rows before paging: the FROM item (a subquery) and its columns by field
 * name. The plain definition below builds it from the rows; reports-rollup.repository.ts from the
 * monthly roll-ups and the edge days. The views then page, search, sort and total either alike.
 */
export interface Grouped {
  from: SQL | Subquery;
  cols: Record<string, SQL>;
  /**
   * The same FROM item cut to a superset of the first n rows in the view's default order
   * (customer name, key), when the source can read those first (reports-rollup.repository.ts): the
   * default page without a search then reads n rows instead of grouping every customer.
   */
  firstByName?: (n: number) => SQL;
  /**
   * Without a search, the row count and a FROM item (named g, the same r_ columns) whose rows
   * sum to the same totals as every row of `from`, from fewer rows (reports-rollup.repository.ts).
   */
  totals?: { rows: SQL; from: SQL };
}

/** listPage's aggregate hook for a view whose source gives its totals from fewer rows (Grouped.totals). */
function quickTotals<T extends Record<string, SQL>>(db: Tx, filter: Filter, g: Grouped, totals: T) {
  const quick = g.totals;
  if (!quick || filter.searchQuery?.trim()) return undefined;
  return async () => {
    const fields: Record<string, SQL> = { __rows: sql<number>`(${quick.rows})`.mapWith(Number) };
    for (const [key, expr] of Object.entries(totals))
      fields[key] = sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);
    const [{ __rows, ...sums }] = (await from(db, quick.from, fields)) as Record<string, number>[];
    return { totalRows: __rows, totals: sums as { [K in keyof T]: number } };
  };
}

/**
 * A customer view's search: the customer's company or contact name, or the walk-in row's name.
 * The same rows as searching `coalesce(company, walk-in)` and the name on the joined row (every
 * key but 0 has its customers row: invoices' foreign key restricts deletes), but the customers'
 * trigram indexes find them instead of an ILIKE on every grouped row.
 */
function customerSearch(query: string | undefined, key: SQL): SQL | undefined {
  const found = searchCondition(query, [customers.company, customers.name]);
  if (!found) return undefined;
  const walkIn = searchCondition(query, [sql`${WALK_IN_CUSTOMER}`]);
  return sql`${key} in (select ${customers.id} from ${customers} where ${found} union all select 0 where ${walkIn})`;
}

/** listPage's page hook for a customer view: the default order, no search, a source that reads it first. */
function firstPage(
  filter: Filter,
  g: Grouped,
  page: (from: SQL, order: SQL[], limit: number, offset: number) => PromiseLike<unknown[]>,
) {
  const { firstByName } = g;
  if (!firstByName || filter.sortingList?.length || filter.searchQuery?.trim()) return undefined;
  return (order: SQL[], limit: number, offset: number) => page(firstByName(offset + limit), order, limit, offset);
}

export const PRODUCT_FIGURES = ['totalCostPrice', 'totalSellingPrice', 'totalQuantitySold', 'totalProfit'];
export const DAMAGED_FIGURES = ['totalCostPrice', 'totalDamagedPrice', 'totalLoss', 'totalQuantityDamaged'];
export const SUMMARY_FIGURES = ['totalInvoices', 'totalAmount', 'totalPaid', 'totalDue'];
const only = (cols: Record<string, SQL>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, cols[k]]));
const from = (db: Tx, source: SQL | Subquery, fields: Record<string, unknown>) =>
  db.select(fields as Record<string, SQL>).from(source as SQL);

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
    });
  },

  /** My Report: per customer key (0: walk-in), the invoice figures and the profit. */
  customer(db: Tx, filter: Filter, g: Grouped) {
    const name = sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`;
    const figures = only(g.cols, INVOICE_FIGURES);
    const c = g.cols;
    const totalProfit = sql<string>`(${c.totalSelling} - ${c.totalCost} - ${c.discount} - ${c.damagedGoods})`;
    const columns = { customer: name, ...figures, totalProfit };
    return listPage(filter, {
      from: (fields) => from(db, g.from, fields).leftJoin(customers, eq(customers.id, c.key)),
      columns,
      where: customerSearch(filter.searchQuery, c.key),
      sortable: columns,
      order: [asc(name), asc(c.key)],
      totals: { ...figures, totalProfit },
      aggregate: quickTotals(db, filter, g, { ...figures, totalProfit }),
      page: firstPage(filter, g, (first, order, limit, offset) =>
        from(db, first, columns)
          .leftJoin(customers, eq(customers.id, c.key))
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    });
  },

  /** Customer Report (summary): per customer id (0: walk-in). */
  customerSummary(db: Tx, filter: Filter, g: Grouped) {
    const name = sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`;
    const figures = only(g.cols, SUMMARY_FIGURES);
    const columns = { customer: name, id: g.cols.id, ...figures };
    return listPage(filter, {
      from: (fields) => from(db, g.from, fields).leftJoin(customers, eq(customers.id, g.cols.id)),
      columns,
      where: customerSearch(filter.searchQuery, g.cols.id),
      sortable: columns,
      order: [asc(name), asc(g.cols.id)],
      totals: figures,
      aggregate: quickTotals(db, filter, g, figures),
      page: firstPage(filter, g, (first, order, limit, offset) =>
        from(db, first, columns)
          .leftJoin(customers, eq(customers.id, g.cols.id))
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    });
  },

  /** Biller Report: per biller with invoices or expenses in the period; expenses by their own date. */
  biller(db: Tx, filter: Filter, g: Grouped) {
    const e = db
      .select({
        billerId: sql<number>`${expenses.billerId}`.as('r_biller_id'),
        amount: sum(sql`${expenses.amount}`, 'amount'),
      })
      .from(expenses)
      .where(periodCondition(expenses.date, filter))
      .groupBy(expenses.billerId)
      .as('e');
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
          .leftJoin(e, eq(e.billerId, billers.id)),
      columns,
      where: and(
        or(isNotNull(c.key), isNotNull(e.billerId)),
        searchCondition(filter.searchQuery, [billers.company, billers.name]),
      ),
      sortable: columns,
      order: [asc(billers.company), asc(billers.id)],
      totals: { ...figures, totalProfit },
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

/** Some columns of a subquery by name, as references the outer query can select, sort and sum. */
function pick(sub: object, keys: string[]): Record<string, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`${(sub as Record<string, SQL.Aliased>)[k]}`]));
}
