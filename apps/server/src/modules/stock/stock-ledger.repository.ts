import { STOCK_MOVEMENT_CSV, STOCK_MOVEMENT_LABELS, type StockMovementFilter } from '@wd/contracts';
import { and, asc, desc, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import {
  invoices,
  products,
  stockLocations,
  stockMovementCountDeltas,
  stockMovementCounts,
  stockMovements,
  supplierInvoices,
  users,
} from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage, pageByIds } from '../../lib/list.js';
import { likePattern } from '../../lib/list-search.js';
import { seekingPage } from '../../lib/list-seek.js';
import { numberMatch } from '../invoices/invoice-list.repository.js';
import { ledgerSeek, ledgerSeekable } from './stock-ledger-seek.repository.js';

/** The stock ledger (docs/stock.md): its page, count, search and CSV statement. */

export interface MovementRow {
  id: number;
  createdAt: Date;
  productID: number;
  product: string;
  locationID: number;
  location: string;
  quantity: number;
  kind: string;
  source: string;
  sourceID: number;
  invoiceNo: string | null;
  supplierInvoiceNo: string | null;
  note: string;
  user: string;
}

const movementColumns = {
  id: stockMovements.id,
  createdAt: stockMovements.createdAt,
  productID: stockMovements.productId,
  product: products.name,
  locationID: stockMovements.locationId,
  location: stockLocations.name,
  quantity: stockMovements.quantity,
  kind: stockMovements.kind,
  source: stockMovements.source,
  sourceID: sql<number>`coalesce(${stockMovements.sourceId}, 0)`.mapWith(Number),
  invoiceNo: invoices.invoiceNo,
  supplierInvoiceNo: supplierInvoices.invoiceNo,
  note: stockMovements.note,
  user: sql<string>`coalesce(${users.username}, '')`,
};

function selectMovements(db: Tx, fields: SelectedFields) {
  return db
    .select(fields)
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .innerJoin(stockLocations, eq(stockLocations.id, stockMovements.locationId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .leftJoin(invoices, and(eq(stockMovements.source, 'invoice'), eq(invoices.id, stockMovements.sourceId)))
    .leftJoin(
      supplierInvoices,
      and(eq(stockMovements.source, 'supplier_invoice'), eq(supplierInvoices.id, stockMovements.sourceId)),
    );
}

/** At most this many invoice numbers matching a search are looked up as a list of ids. */
const SEARCH_INVOICE_IDS = 2_000;

/** A search of the ledger: its condition, and the parts the count takes apart (movementCount). */
interface MovementSearch {
  where: SQL;
  /** The products whose name matches. */
  productIds: number[];
  /** The movements matched by invoice number or note (whatever their product). */
  others: SQL;
  /** Whether `others` names its invoices as a list of ids (not a broad search's subquery). */
  invoicesListed: boolean;
}

/**
 * The ledger's search (product name, note, invoice number) said on the ledger's own columns, so
 * the page and the count read the ledger alone through its indexes, never the joins: the products
 * and invoices whose name or number matches are read first by their trigram indexes and passed
 * as ids (a subquery inside the OR would make the planner scan the whole ledger), the few
 * movements with a note are found by a partial index. More invoice numbers than `invoiceIdsAt`
 * match only a broad search ("Inv"), which stays a subquery.
 */
async function movementSearch(
  db: Tx,
  query: string | undefined,
  invoiceIdsAt = SEARCH_INVOICE_IDS,
): Promise<MovementSearch | undefined> {
  const text = query?.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  const matching = sql`select n.id from invoices n where ${numberMatch(text)} limit ${invoiceIdsAt + 1}`;
  const [found] = rowsOf<{ products: number[] | null; invoices: number[] | null }>(
    await db.execute(sql`select
      (select array_agg(${products.id}) from ${products} where ${ilike(products.name, pattern)}) as products,
      (select array_agg(m.id) from (${matching}) m) as invoices`),
  );
  const productIds = found.products ?? [];
  const invoiceIds = found.invoices ?? [];
  const byInvoice =
    invoiceIds.length > invoiceIdsAt
      ? sql`${stockMovements.sourceId} in (select n.id from invoices n where ${numberMatch(text)})`
      : inArray(stockMovements.sourceId, invoiceIds);
  const others = or(
    invoiceIds.length ? and(eq(stockMovements.source, 'invoice'), byInvoice) : undefined,
    and(ne(stockMovements.note, ''), ilike(stockMovements.note, pattern)),
  ) as SQL;
  const where = productIds.length ? (or(inArray(stockMovements.productId, productIds), others) as SQL) : others;
  return { where, productIds, others, invoicesListed: invoiceIds.length <= invoiceIdsAt };
}

/** A search's first pages read per product through (product, id) when it names at most this many. */
const PER_PRODUCT_UP_TO = 50;
/** …and the page ends within this many rows. */
const PER_PRODUCT_ROWS = 1_000;

/**
 * A search's page in time order (newest first, or oldest with `createdAt` ascending), when its
 * products are few and the page near the start: the ids are the first n = offset + page size of
 * each matching product's movements (its (product, id) index, read in order) and of the movements
 * matched by invoice number or note (their indexes), merged. One OR over the ledger's id order
 * instead walked the ledger until n rows matched: a product with 1,900 of 2.2 million movements
 * skipped 14,000 (12 ms). Undefined when the search is broad (then that walk finds its rows soon).
 */
function perProductPage(db: Tx, filter: StockMovementFilter, search: MovementSearch | undefined) {
  const sorts = filter.sortingList ?? [];
  const inTimeOrder = sorts.length === 0 || (sorts.length === 1 && sorts[0].column === 'createdAt');
  const n = filter.currentPage * filter.resultsPerPage;
  if (!search || !inTimeOrder || !search.invoicesListed || n > PER_PRODUCT_ROWS) return undefined;
  if (search.productIds.length > PER_PRODUCT_UP_TO) return undefined;
  const direction = sql.raw(sorts[0]?.order === 'asc' ? 'asc' : 'desc');
  const own = ownConditions(filter);
  const first = (where: SQL | undefined) =>
    sql`(select ${stockMovements.id} from ${stockMovements} where ${where ?? sql`true`}
      order by ${stockMovements.id} ${direction} limit ${n})`;
  const branches = [
    ...search.productIds.map((id) => first(and(own, eq(stockMovements.productId, id)))),
    first(and(own, search.others)),
  ];
  return (_order: SQL[], limit: number, offset: number) => {
    const ids = sql`select u.id from (${sql.join(branches, sql` union `)}) u
      order by u.id ${direction} limit ${limit} offset ${offset}`;
    return selectMovements(db, movementColumns)
      .where(sql`${stockMovements.id} in (${ids})`)
      .orderBy(sorts[0]?.order === 'asc' ? asc(stockMovements.id) : desc(stockMovements.id));
  };
}

/** The ledger's filter on its own columns. */
function ownConditions(filter: StockMovementFilter) {
  return and(
    filter.productID ? eq(stockMovements.productId, filter.productID) : undefined,
    filter.locationID ? eq(stockMovements.locationId, filter.locationID) : undefined,
    filter.kind ? eq(stockMovements.kind, filter.kind) : undefined,
  );
}

/**
 * The ledger's filter (`search`: movementSearch's), sorts and order. Ties of a sort go by id in
 * the sort's direction, which the (column, id) indexes serve both ways.
 */
function movementSpec(db: Tx, filter: StockMovementFilter, search: MovementSearch | undefined) {
  const ascending = filter.sortingList?.[0]?.order === 'asc';
  return {
    from: (fields: SelectedFields) => selectMovements(db, fields),
    columns: movementColumns,
    where: and(ownConditions(filter), search?.where),
    sortable: { createdAt: stockMovements.id, quantity: stockMovements.quantity, kind: stockMovements.kind },
    order: [ascending ? asc(stockMovements.id) : desc(stockMovements.id)],
    reversedOrder: [ascending ? desc(stockMovements.id) : asc(stockMovements.id)],
  };
}

/**
 * How many movements match the ledger's filter and search, without reading the ledger's rows
 * where a count can say it: the folded movement counts (per product, or per location and kind
 * over every product) plus the deltas not folded yet, in one statement, so it reads one snapshot
 * whether or not a fold commits meanwhile. A search counts its matching products' movements so,
 * and adds the movements matched by invoice number or note of the other products, counted.
 */
async function movementCount(db: Tx, filter: StockMovementFilter, search?: MovementSearch): Promise<number> {
  const counted = (table: typeof stockMovementCounts | typeof stockMovementCountDeltas) =>
    and(
      filter.productID
        ? eq(table.productId, filter.productID)
        : table === stockMovementCounts && !search
          ? eq(table.productId, 0)
          : undefined,
      search ? inArray(table.productId, search.productIds) : undefined,
      filter.locationID ? eq(table.locationId, filter.locationID) : undefined,
      filter.kind ? eq(table.kind, filter.kind) : undefined,
    );
  const folded = db
    .select({ n: sql`coalesce(sum(${stockMovementCounts.movements}), 0)` })
    .from(stockMovementCounts)
    .where(counted(stockMovementCounts));
  const pending = db
    .select({ n: sql`coalesce(sum(${stockMovementCountDeltas.movements}), 0)` })
    .from(stockMovementCountDeltas)
    .where(counted(stockMovementCountDeltas));
  const others = search
    ? db
        .select({ n: sql`count(*)` })
        .from(stockMovements)
        .where(
          and(
            ownConditions(filter),
            search.others,
            search.productIds.length ? notInArray(stockMovements.productId, search.productIds) : undefined,
          ),
        )
    : sql`0`;
  const [row] = rowsOf<{ n: string }>(await db.execute(sql`select (${folded}) + (${pending}) + (${others}) as n`));
  return Number(row.n);
}

export const stockLedgerRepository = {
  /**
   * One page of the ledger: the page's ids are read first from the ledger alone, through the
   * index of the filter or the sort, and only those rows joined. Without a search the count is
   * the movement counts' (movementCount), with one mostly too.
   */
  async movements(db: Tx, filter: StockMovementFilter, invoiceIdsAt?: number, seekFrom?: number) {
    const search = await movementSearch(db, filter.searchQuery, invoiceIdsAt);
    const spec = movementSpec(db, filter, search);
    const perProduct = perProductPage(db, filter, search);
    const pageOf = (where: SQL | undefined) =>
      pageByIds(db, stockMovements, stockMovements.id, where, (w) => selectMovements(db, movementColumns).where(w));
    // In time order without a search or a product, a deep page is found through the id blocks.
    const seek = !perProduct && ledgerSeekable(filter);
    const { rows, totalRows } = await listPage(filter, {
      ...spec,
      // Read near the start only, or sought: never from the end.
      ...(perProduct || seek ? { reversedOrder: undefined } : {}),
      page:
        perProduct ?? (seek ? seekingPage(spec.where, pageOf, ledgerSeek(db, filter), seekFrom) : pageOf(spec.where)),
      aggregate: async () => ({ totalRows: await movementCount(db, filter, search), totals: {} }),
    });
    return { rows: rows as unknown as MovementRow[], totalRows };
  },

  /** The ledger's CSV under the same filter and sort; times in the business's time zone. */
  async movementsCsv(db: Tx, filter: StockMovementFilter, timeZone: string) {
    const spec = movementSpec(db, filter, await movementSearch(db, filter.searchQuery));
    const kindLabel = sql.join(
      [
        sql`case ${stockMovements.kind}`,
        ...Object.entries(STOCK_MOVEMENT_LABELS).map(([kind, label]) => sql`when ${kind} then ${label}`),
        sql`end`,
      ],
      sql` `,
    );
    return exportQuery(spec, filter.sortingList, STOCK_MOVEMENT_CSV, {
      createdAt: sql`to_char(${stockMovements.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`,
      kind: kindLabel,
      source: sql`case ${stockMovements.source}
        when 'invoice' then coalesce(${invoices.invoiceNo}, 'Invoice (deleted)')
        when 'supplier_invoice' then coalesce('Supplier invoice ' || ${supplierInvoices.invoiceNo}, 'Supplier invoice (deleted)')
        when 'transfer' then 'Transfer' when 'count' then 'Count' else 'Settlement' end`,
    });
  },

  async movementsByIds(db: Tx, ids: number[]): Promise<MovementRow[]> {
    if (ids.length === 0) return [];
    const rows = await selectMovements(db, movementColumns)
      .where(inArray(stockMovements.id, ids))
      .orderBy(asc(stockMovements.id));
    return rows as unknown as MovementRow[];
  },
};
