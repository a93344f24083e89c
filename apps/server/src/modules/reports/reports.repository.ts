import { type ReportFilter, WALK_IN_CUSTOMER } from '@wd/contracts';
import { and, asc, eq, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { billers, customers, expenses, invoiceItems, invoices } from '../../db/schema/index.js';
import { choice, listPage, type PageRequest, periodCondition, searchCondition } from '../../lib/list.js';

/**
 * The SQL of the five reports (DOMAIN.md "Reports", docs/reports.md). Every
 * figure is summed by the database from the line snapshots and the stored
 * invoice totals, in cents; the service converts to dollars. Each report is
 * one grouped subquery that `listPage` pages, sorts (allow-list = the row's
 * fields) and totals (one aggregate statement over every matching row).
 */

type Filter = ReportFilter & PageRequest;

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

const INVOICE_FIGURES = [
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
      // is what a search cost: 300 ms against 20 ms over 66,000 lines).
      // (Drizzle leaves out a plain `offset(0)`, hence the SQL text.)
      .offset(sql`0` as unknown as number)
      .as('r')
  );
}

export const reportsRepository = {
  /** Product Report: sales net of resellable returns per product; damaged lines are left out. */
  product(db: Tx, filter: Filter) {
    const r = productLines(db, filter, sql`${qty} <> 0 and not ${damaged}`, {
      totalCostPrice: sum(sql`${qty} * ${cost}`, 'total_cost_price'),
      totalSellingPrice: sum(sql`${subtotal}`, 'total_selling_price'),
      totalQuantitySold: sum(sql`${qty}`, 'total_quantity_sold'),
      totalProfit: sum(sql`${subtotal} - ${qty} * ${cost}`, 'total_profit'),
    });
    const figures = pick(r, ['totalCostPrice', 'totalSellingPrice', 'totalQuantitySold', 'totalProfit']);
    const columns = { ...pick(r, ['barcode', 'productName']), ...figures };
    return listPage(filter, {
      from: (fields) => db.select(fields).from(r),
      columns,
      where: searchCondition(filter.searchQuery, [columns.productName, columns.barcode]),
      sortable: columns,
      order: [asc(columns.productName), asc(columns.barcode)],
      totals: figures,
    });
  },

  /** Damaged Goods Report: damaged returns per product, as positive quantities and amounts. */
  damagedGoods(db: Tx, filter: Filter) {
    const r = productLines(db, filter, sql`${qty} < 0 and ${damaged}`, {
      totalCostPrice: sum(sql`-${qty} * ${cost}`, 'total_cost_price'),
      totalDamagedPrice: sum(sql`-${subtotal}`, 'total_damaged_price'),
      totalLoss: sum(sql`-${subtotal}`, 'total_loss'),
      totalQuantityDamaged: sum(sql`-${qty}`, 'total_quantity_damaged'),
    });
    const figures = pick(r, ['totalCostPrice', 'totalDamagedPrice', 'totalLoss', 'totalQuantityDamaged']);
    const columns = { ...pick(r, ['barcode', 'productName']), ...figures };
    return listPage(filter, {
      from: (fields) => db.select(fields).from(r),
      columns,
      where: searchCondition(filter.searchQuery, [columns.productName, columns.barcode]),
      sortable: columns,
      order: [asc(columns.productName), asc(columns.barcode)],
      totals: figures,
    });
  },

  /** My Report: per customer (walk-in sales as one row), invoices, lines and payments. */
  customer(db: Tx, filter: Filter) {
    const g = invoicesBy(db, filter, sql<number>`coalesce(${invoices.customerId}, 0)`.as('r_key'), 'g');
    const name = sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`;
    const figures = pick(g, INVOICE_FIGURES);
    const totalProfit = sql<string>`(${g.totalSelling} - ${g.totalCost} - ${g.discount} - ${g.damagedGoods})`;
    const columns = { customer: name, ...figures, totalProfit };
    return listPage(filter, {
      from: (fields) => db.select(fields).from(g).leftJoin(customers, eq(customers.id, g.key)),
      columns,
      where: searchCondition(filter.searchQuery, [name, customers.name]),
      sortable: columns,
      order: [asc(name), asc(sql`${g.key}`)],
      totals: { ...figures, totalProfit },
    });
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
    const name = sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`;
    const figures = pick(g, ['totalInvoices', 'totalAmount', 'totalPaid', 'totalDue']);
    const columns = { customer: name, ...pick(g, ['id']), ...figures };
    return listPage(filter, {
      from: (fields) => db.select(fields).from(g).leftJoin(customers, eq(customers.id, g.id)),
      columns,
      where: searchCondition(filter.searchQuery, [name, customers.name]),
      sortable: columns,
      order: [asc(name), asc(sql`${g.id}`)],
      totals: figures,
    });
  },

  /** Biller Report: per biller with invoices or expenses in the period; expenses by their own date. */
  biller(db: Tx, filter: Filter) {
    const g = invoicesBy(db, filter, sql<number>`${invoices.billerId}`.as('r_key'), 'g');
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
    const figures = {
      totalCost: z(g.totalCost),
      totalSelling: z(g.totalSelling),
      awardPoints: z(g.awardPoints),
      discount: z(g.discount),
      damagedGoods: z(g.damagedGoods),
      totalExpense: z(e.amount),
    };
    const totalProfit = sql<string>`(${figures.totalSelling} - ${figures.totalCost} - ${figures.discount} - ${figures.damagedGoods} - ${figures.totalExpense})`;
    const columns = { biller: billers.company, ...figures, totalProfit };
    return listPage(filter, {
      from: (fields) =>
        db.select(fields).from(billers).leftJoin(g, eq(g.key, billers.id)).leftJoin(e, eq(e.billerId, billers.id)),
      columns,
      where: and(
        or(isNotNull(g.key), isNotNull(e.billerId)),
        searchCondition(filter.searchQuery, [billers.company, billers.name]),
      ),
      sortable: columns,
      order: [asc(billers.company), asc(billers.id)],
      totals: { ...figures, totalProfit },
    });
  },
};

/** Some columns of a subquery by name, as references the outer query can select, sort and sum. */
function pick(sub: object, keys: string[]): Record<string, SQL> {
  return Object.fromEntries(keys.map((k) => [k, sql`${(sub as Record<string, SQL.Aliased>)[k]}`]));
}
