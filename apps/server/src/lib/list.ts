import { monthRange, type PeriodFilter, type SortItem, yearRange } from '@wd/contracts';
import { type AnyColumn, and, asc, desc, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../db/client.js';
import { ValidationError } from './errors.js';

/**
 * The one list query of the server (docs/architecture.md, "Lists"): a page
 * of rows, the number of matching rows and the footer totals, all computed in
 * SQL. Search, sort and paging never happen in JavaScript.
 */

/** Columns a list may be sorted by: the allow-list the filter's sortingList is checked against. */
export type Sortable = Record<string, AnyColumn | SQL>;
type Selection = SelectedFields;

/**
 * ORDER BY from the filter's sortingList. Only the allow-list's own keys count
 * (`__proto__` or `constructor` are unknown columns): an unknown column is a 400.
 */
export function orderBy(sortingList: SortItem[] | undefined, sortable: Sortable, fallback: SQL[]): SQL[] {
  const clauses: SQL[] = [];
  for (const item of sortingList ?? []) {
    const column = Object.hasOwn(sortable, item.column) ? sortable[item.column] : undefined;
    if (!column) {
      throw new ValidationError(`sortingList column must be one of ${Object.keys(sortable).join(', ')}`, 'sortingList');
    }
    clauses.push(item.order === 'desc' ? desc(column) : asc(column));
  }
  return [...clauses, ...fallback];
}

/**
 * The period filter as date ranges, so the date column's index serves it:
 * start/end dates inclusive; month + year is [first day, first day of the
 * next month); a year alone is that calendar year. A month without a year
 * means that month of every year, which no range can say (no index then).
 */
export function periodCondition(column: AnyColumn, filter: PeriodFilter): SQL | undefined {
  const { startDate, endDate, month, year } = filter;
  const range = year ? (month ? monthRange(year, month) : yearRange(year)) : undefined;
  return and(
    startDate ? gte(column, startDate) : undefined,
    endDate ? lte(column, endDate) : undefined,
    range ? gte(column, range.from) : undefined,
    range ? lt(column, range.until) : undefined,
    month && !year ? sql`extract(month from ${column}) = ${month}` : undefined,
  );
}

/** `where` for an optional "All"-able select filter (status, type): '' and 'All' mean any. */
export function choice<T extends string>(column: AnyColumn, value: T | '' | 'All' | undefined): SQL | undefined {
  return value && value !== 'All' ? sql`${column} = ${value}` : undefined;
}

/** A page request: which rows, how many, sorted how. */
export interface PageRequest {
  currentPage: number;
  resultsPerPage: number;
  sortingList?: SortItem[];
}

export interface ListSpec<C extends Selection, T extends Record<string, SQL>> {
  /**
   * FROM and joins for a selection: `(fields) => db.select(fields).from(a).leftJoin(b, …)`.
   * The same joins serve the page and the count, so they can never disagree.
   */
  from: (fields: Selection) => DynamicSelect;
  /**
   * FROM for the count and totals alone, when `where` and `totals` name only the first table's
   * columns and every join finds exactly one row (a NOT NULL foreign key): PostgreSQL keeps an
   * inner join it cannot prove useless, so without this a count of one supplier's 8,000
   * payments hashed every invoice to join them.
   */
  countFrom?: (fields: Selection) => DynamicSelect;
  columns: C;
  where?: SQL;
  /** The allow-list of sort columns. */
  sortable: Sortable;
  /** The order after the user's sort: the default order, ending in a unique column so pages are stable. */
  order: SQL[];
  /**
   * Disjoint conditions whose union is `where` (searchWithParent's parts, with the rest of the
   * filter): the count and the totals are read per part, each through its own index, and added.
   */
  countParts?: SQL[];
  /** Footer sums over every matching row (not only the page), in cents or units. */
  totals?: T;
  /**
   * Replaces the count-and-totals statement with one that gives the same figures from fewer
   * rows (the invoice list sums a daily roll-up when no search is given; docs/performance-lists.md).
   */
  aggregate?: () => PromiseLike<{ totalRows: number; totals: { [K in keyof T]: number } }>;
  /**
   * Replaces the page statement, given the checked ORDER BY, LIMIT and OFFSET: e.g. the page's
   * keys read first from an index in that order, then only those rows joined.
   */
  page?: (order: SQL[], limit: number, offset: number) => PromiseLike<unknown[]>;
  /**
   * `order` reversed (it must end in a unique column). Given, a page nearer the end than the
   * start is read from the end: the count is read first, then the page in the reversed order
   * with the offset from the end, turned back round. The last page of 2.2 M movements skipped
   * every row before it; from the end it skips none.
   */
  reversedOrder?: SQL[];
  /**
   * One statement instead of two: the page with `count(*) over ()` and each total `over ()`. For
   * a source that must build every row anyway before it can sort them (a report's groups: the
   * page and the count would each group all of them, and each be planned), this groups once.
   * Never for a table: there the page stops at LIMIT in an index and the count reads an index
   * alone, where a window would build every matching row.
   */
  windowed?: boolean;
}

/** Page sizes up to this are written into the statement (pageLimit); larger ones are parameters. */
const LITERAL_LIMIT_MAX = 100;
const dialect = new PgDialect();

/**
 * A page's LIMIT as text in the statement, not a parameter, when the page's condition has no
 * parameter of its own. PostgreSQL plans a kept statement once (a generic plan) only when that
 * plan costs no more than planning each run; with LIMIT a parameter it guesses a tenth of the
 * rows, so a page of 10 invoices was planned again on every call (1.2–1.4 ms, against 0.3–0.45 ms
 * with `limit 10` written in). A page has few sizes (10, 25, 50, 100, a last page's rest), so
 * few statements; larger limits (ALL) stay parameters. A condition with parameters (a status, a
 * period, a customer) keeps the LIMIT a parameter, so each run is planned for its values: one
 * generic plan for every status walked 150,000 invoices in date order to find the 15 drafts.
 * Pass it to a Drizzle `.limit()` only: it is an SQL fragment typed as the number it stands for.
 */
export function pageLimit(limit: number, where: SQL | undefined): number {
  const literal =
    Number.isInteger(limit) &&
    limit >= 0 &&
    limit <= LITERAL_LIMIT_MAX &&
    (!where || dialect.sqlToQuery(where).params.length === 0);
  return literal ? (sql.raw(String(limit)) as unknown as number) : limit;
}

/** The subset of a Drizzle select builder the helper uses (`.$dynamic()` is not needed: it only chains). */
interface DynamicSelect {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): { limit(n: number): { offset(n: number): PromiseLike<unknown[]> } };
  } & PromiseLike<unknown[]>;
}

export interface ListResult<Row, T> {
  rows: Row[];
  totalRows: number;
  totals: { [K in keyof T]: number };
}

/**
 * One page of a list, its row count and footer totals. Two statements run
 * side by side: the page (which an index in the sort order can stop at
 * LIMIT) and one aggregate (count and every total at once). A single
 * statement with `count(*) over ()` is much slower: the window forces every
 * matching row, with all its columns and joins, to be built and sorted before
 * the LIMIT (docs/performance-lists.md). With `reversedOrder`, a page past the
 * first reads the count first, to know from which end the page is nearer.
 */
export async function listPage<C extends Selection, T extends Record<string, SQL> = Record<never, SQL>>(
  filter: PageRequest,
  spec: ListSpec<C, T>,
): Promise<ListResult<SelectResultFields<C>, T>> {
  const order = orderBy(filter.sortingList, spec.sortable, spec.order);
  const offset = (filter.currentPage - 1) * filter.resultsPerPage;
  const read = (by: SQL[], limit: number, skip: number) =>
    spec.page
      ? spec.page(by, limit, skip)
      : spec
          .from(spec.columns)
          .where(spec.where)
          .orderBy(...by)
          .limit(pageLimit(limit, spec.where))
          .offset(skip);
  const counted = () => (spec.aggregate ? spec.aggregate() : countAndTotals(spec));
  if (spec.windowed) {
    const page = await pageWithTotals(spec, order, filter.resultsPerPage, offset);
    // A page past the end has no row to carry the figures: they are read on their own.
    return page ?? { rows: [], ...(await counted()) };
  }
  if (spec.reversedOrder && offset > 0) {
    const aggregate = await counted();
    const left = aggregate.totalRows - offset;
    if (left < offset) {
      const flipped = (filter.sortingList ?? []).map((item) => ({
        ...item,
        order: item.order === 'desc' ? ('asc' as const) : ('desc' as const),
      }));
      const limit = Math.min(filter.resultsPerPage, left);
      const rows =
        limit > 0 ? [...(await read(orderBy(flipped, spec.sortable, spec.reversedOrder), limit, left - limit))] : [];
      return { rows: rows.reverse() as SelectResultFields<C>[], ...aggregate };
    }
    return { rows: (await read(order, filter.resultsPerPage, offset)) as SelectResultFields<C>[], ...aggregate };
  }
  const [rows, aggregate] = await Promise.all([read(order, filter.resultsPerPage, offset), counted()]);
  return { rows: rows as SelectResultFields<C>[], ...aggregate };
}

/**
 * A `page` for listPage that reads the page's ids first from `table` alone (`where` on its own
 * columns, in the page's order, through the index of that order), then only those rows with
 * their joins (`rows`): a deep page skips index entries, not joined rows.
 */
export function pageByIds(
  db: Tx,
  table: PgTable,
  id: AnyPgColumn,
  where: SQL | undefined,
  rows: (where: SQL) => { orderBy(...order: SQL[]): PromiseLike<unknown[]> },
): NonNullable<ListSpec<Selection, Record<never, SQL>>['page']> {
  return (order, limit, offset) => {
    const ids = db
      .select({ id })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(pageLimit(limit, where))
      .offset(offset);
    return rows(inArray(id, ids)).orderBy(...order);
  };
}

const WINDOW_ROWS = '__rows';
const windowTotal = (key: string) => `__total_${key}`;

/**
 * The page, with the count and every total of all matching rows on each of its rows (windows over
 * the whole result, computed before the LIMIT); undefined when the page has no row.
 */
async function pageWithTotals<C extends Selection, T extends Record<string, SQL>>(
  spec: ListSpec<C, T>,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<ListResult<SelectResultFields<C>, T> | undefined> {
  const fields: Selection = { ...spec.columns, [WINDOW_ROWS]: sql<number>`count(*) over ()`.mapWith(Number) };
  const keys = Object.keys(spec.totals ?? {});
  for (const key of keys) {
    fields[windowTotal(key)] = sql<number>`coalesce(sum(${spec.totals?.[key]}) over (), 0)`.mapWith(Number);
  }
  const rows = (await spec
    .from(fields)
    .where(spec.where)
    .orderBy(...order)
    .limit(pageLimit(limit, spec.where))
    .offset(offset)) as Record<string, unknown>[];
  if (rows.length === 0) return offset === 0 ? { rows: [], ...emptyFigures<T>(keys) } : undefined;
  const first = rows[0];
  const totals = Object.fromEntries(keys.map((key) => [key, first[windowTotal(key)] as number]));
  const extra = new Set([WINDOW_ROWS, ...keys.map(windowTotal)]);
  return {
    rows: rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !extra.has(key))),
    ) as SelectResultFields<C>[],
    totalRows: first[WINDOW_ROWS] as number,
    totals: totals as { [K in keyof T]: number },
  };
}

/** No rows: a count of 0 and every total 0 (as the aggregate statement answers). */
function emptyFigures<T>(keys: string[]) {
  return { totalRows: 0, totals: Object.fromEntries(keys.map((key) => [key, 0])) as { [K in keyof T]: number } };
}

/** The matching rows' count and every footer total, in one statement. */
async function countAndTotals<C extends Selection, T extends Record<string, SQL>>(spec: ListSpec<C, T>) {
  const aggregates: Selection = { __rows: sql<number>`count(*)`.mapWith(Number) };
  for (const [key, expr] of Object.entries(spec.totals ?? {})) {
    aggregates[key] = sql<number>`coalesce(sum(${expr}), 0)`.mapWith(Number);
  }
  const read = async (where: SQL | undefined) =>
    (await ((spec.countFrom ?? spec.from)(aggregates).where(where) as PromiseLike<Record<string, number>[]>))[0];
  const parts = await Promise.all((spec.countParts ?? [spec.where]).map(read));
  const sum: Record<string, number> = {};
  for (const part of parts) for (const [key, value] of Object.entries(part)) sum[key] = (sum[key] ?? 0) + value;
  const { __rows, ...totals } = sum;
  return { totalRows: __rows, totals: totals as { [K in keyof T]: number } };
}

/** `{ <key>: rows, currentPage, numPages, totalRows }`: the wire shape of every list (docs/api.md, "Lists"). */
export function pageResponse<K extends string, T>(
  key: K,
  rows: T[],
  filter: Pick<PageRequest, 'currentPage' | 'resultsPerPage'>,
  totalRows: number,
): { [P in K]: T[] } & { currentPage: number; numPages: number; totalRows: number } {
  return {
    [key]: rows,
    currentPage: filter.currentPage,
    numPages: Math.max(1, Math.ceil(totalRows / filter.resultsPerPage)),
    totalRows,
  } as { [P in K]: T[] } & { currentPage: number; numPages: number; totalRows: number };
}
