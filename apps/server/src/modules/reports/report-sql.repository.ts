import { type ReportFilter, WALK_IN_CUSTOMER } from '@wd/contracts';
import { and, eq, ne, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, invoiceItems, invoices } from '../../db/schema/index.js';
import { choice, type PageRequest, periodCondition } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';

/**
 * The SQL pieces of the five reports (docs/reports.md), which reports.repository.ts puts
 * together. Every
 * figure is summed by the database from the line snapshots and the stored
 * invoice totals, in cents; the service converts to dollars. Each report is
 * one grouped subquery that `listPage` pages, sorts (allow-list = the row's
 * fields) and totals (one aggregate statement over every matching row).
 */

export type Filter = ReportFilter & PageRequest;

export const { quantity: qty, costPrice: cost, subtotal, damagedGood: damaged } = invoiceItems;

/** Invoices a report counts: not NEW, in the period (date ranges: the date index serves them), of the status. */
export function counted(filter: Filter, withStatus = true): SQL | undefined {
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
export const sum = (expr: SQL, name: string) => sql<string>`coalesce(sum(${expr}), 0)::bigint`.as(`r_${name}`);

/** Per invoice: its lines' cost and selling (sales net of resellable returns), resellable and damaged credits. */
export function lineTotals(db: Tx, filter: Filter) {
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
export function invoicesBy(db: Tx, filter: Filter, key: SQL.Aliased<number>, alias: string) {
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
export function productLines(db: Tx, filter: Filter, lines: SQL, fields: Record<string, SQL.Aliased>) {
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
   * (customer name, key), or with `descending` in the order of a sort by customer name descending
   * (name descending, key ascending), when the source can read those first
   * (reports-rollup.repository.ts): such a page without a search then reads n rows instead of
   * grouping every customer. Undefined for an n the source reads faster by grouping every row (a
   * deep page).
   */
  firstByName?: (n: number, descending?: boolean) => SQL | undefined;
  /**
   * The same FROM item cut to the rows of one page (`limit` rows after `offset`) in the default order
   * or, with `descending`, in a sort by customer name descending, read through an index kept in that
   * order: any page, however deep, then skips index entries instead of sorting every row.
   */
  pageByName?: (offset: number, limit: number, descending?: boolean) => SQL;
  /**
   * Sorted by one figure (`field`), the same FROM item cut to a superset of the first n rows in
   * that order, when those all share the figure's first value (the lowest, or the highest with
   * `descending`): rows tied on a figure go by name, and a figure most customers hold at 0 (award
   * points, discount) ties nearly all of them, which an index of the figure cannot order. The
   * first n are then the first n of that value's rows by name, read by walking customers by name.
   * Undefined when the source keeps no such column, or that value has fewer than n rows.
   */
  tiedByName?: (db: Tx, field: string, descending: boolean, n: number) => Promise<SQL | undefined>;
  /**
   * Without a search, the row count and a FROM item (named g, the same r_ columns) whose rows
   * sum to the same totals as every row of `from`, from fewer rows (reports-rollup.repository.ts).
   */
  totals?: { rows: SQL; from: SQL };
}

/** listPage's aggregate hook for a view whose source gives its totals from fewer rows (Grouped.totals). */
export function quickTotals<T extends Record<string, SQL>>(db: Tx, filter: Filter, g: Grouped, totals: T) {
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
export function customerSearch(query: string | undefined, key: SQL): SQL | undefined {
  const found = searchCondition(query, [customers.company, customers.name]);
  if (!found) return undefined;
  const walkIn = searchCondition(query, [sql`${WALK_IN_CUSTOMER}`]);
  return sql`${key} in (select ${customers.id} from ${customers} where ${found} union all select 0 where ${walkIn})`;
}

/** A select of `fields` from a report's grouped source. */
export const from = (db: Tx, source: SQL | Subquery, fields: Record<string, unknown>) =>
  db.select(fields as Record<string, SQL>).from(source as SQL);

/**
 * listPage's page hook for a customer view: in the default order or sorted by the customer's name
 * (either way), no search, a source that reads that order first.
 */
export function firstPage(
  db: Tx,
  filter: Filter,
  g: Grouped,
  page: (from: SQL, order: SQL[], limit: number, offset: number) => PromiseLike<unknown[]>,
) {
  const { firstByName, pageByName, tiedByName } = g;
  const sorts = filter.sortingList ?? [];
  const byName = sorts.length === 0 || (sorts.length === 1 && sorts[0].column === 'customer');
  if (filter.searchQuery?.trim()) return undefined;
  const [figure] = sorts;
  if (!byName && tiedByName && sorts.length === 1) {
    return async (order: SQL[], limit: number, offset: number) => {
      const tied = await tiedByName(db, figure.column, figure.order === 'desc', offset + limit);
      return page(tied ?? (g.from as SQL), order, limit, offset);
    };
  }
  if (!(firstByName || pageByName) || !byName) return undefined;
  const descending = sorts[0]?.order === 'desc';
  return async (order: SQL[], limit: number, offset: number) => {
    if (pageByName) return page(pageByName(offset, limit, descending), order, limit, 0);
    const first = firstByName?.(offset + limit, descending);
    return page(first ?? (g.from as SQL), order, limit, offset);
  };
}
