import {
  STOCK_LEVEL_CSV,
  STOCK_MOVEMENT_CSV,
  STOCK_MOVEMENT_LABELS,
  type StockLevelFilter,
  type StockMovementFilter,
} from '@wd/contracts';
import { and, asc, desc, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import {
  invoices,
  products,
  stockLevels,
  stockLocations,
  stockMovementCountDeltas,
  stockMovementCounts,
  stockMovements,
  supplierInvoices,
  users,
} from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { likePattern, listPage, pageByIds, searchCondition } from '../../lib/list.js';

/** The stock report and the ledger: their pages, counts, totals and CSV statements (one spec each). */

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

const levelColumns = {
  productID: products.id,
  product: products.name,
  barcode: products.barcode,
  category: products.category,
  locationID: stockLocations.id,
  location: stockLocations.name,
  quantity: sql<number>`${stockLevels.quantity}`.mapWith(Number),
  costPrice: products.costPrice,
};

const levelSortable = {
  product: products.name,
  barcode: products.barcode,
  category: products.category,
  location: stockLocations.name,
  quantity: stockLevels.quantity,
  costPrice: products.costPrice,
  value: sql`${stockLevels.quantity} * ${products.costPrice}`,
};

/**
 * The stock report's joins, filter and sorts (one spec for its page and its CSV). With
 * `includeZero`, every active product is listed at the location, the ones never stocked there at 0.
 */
function levelSpec(db: Tx, filter: StockLevelFilter) {
  const search = searchCondition(filter.searchQuery, [products.name, products.barcode, products.category]);
  if (filter.includeZero) {
    const quantity = sql<number>`coalesce(${stockLevels.quantity}, 0)`.mapWith(Number);
    return {
      from: (fields: SelectedFields) =>
        db
          .select(fields)
          .from(products)
          .innerJoin(stockLocations, eq(stockLocations.id, filter.locationID))
          .leftJoin(
            stockLevels,
            and(eq(stockLevels.productId, products.id), eq(stockLevels.locationId, filter.locationID)),
          ),
      columns: { ...levelColumns, quantity },
      where: and(sql`${products.deletedAt} is null`, filter.belowZero ? sql`${quantity} < 0` : undefined, search),
      sortable: { ...levelSortable, quantity, value: sql`${quantity} * ${products.costPrice}` },
      order: [asc(products.name), asc(products.id)],
    };
  }
  return {
    from: (fields: SelectedFields) =>
      db
        .select(fields)
        .from(stockLevels)
        .innerJoin(products, eq(products.id, stockLevels.productId))
        .innerJoin(stockLocations, eq(stockLocations.id, stockLevels.locationId)),
    columns: levelColumns,
    where: and(
      filter.locationID ? eq(stockLevels.locationId, filter.locationID) : undefined,
      filter.belowZero ? sql`${stockLevels.quantity} < 0` : sql`${stockLevels.quantity} <> 0`,
      search,
    ),
    sortable: levelSortable,
    order: [asc(products.name), asc(stockLocations.id)],
  };
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
  const matching = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(ilike(invoices.invoiceNo, pattern))
    .limit(invoiceIdsAt + 1);
  const [found] = rowsOf<{ products: number[] | null; invoices: number[] | null }>(
    await db.execute(sql`select
      (select array_agg(${products.id}) from ${products} where ${ilike(products.name, pattern)}) as products,
      (select array_agg(m.id) from (${matching}) m) as invoices`),
  );
  const productIds = found.products ?? [];
  const invoiceIds = found.invoices ?? [];
  const byInvoice =
    invoiceIds.length > invoiceIdsAt
      ? inArray(
          stockMovements.sourceId,
          db.select({ id: invoices.id }).from(invoices).where(ilike(invoices.invoiceNo, pattern)),
        )
      : inArray(stockMovements.sourceId, invoiceIds);
  const others = or(
    invoiceIds.length ? and(eq(stockMovements.source, 'invoice'), byInvoice) : undefined,
    and(ne(stockMovements.note, ''), ilike(stockMovements.note, pattern)),
  ) as SQL;
  const where = productIds.length ? (or(inArray(stockMovements.productId, productIds), others) as SQL) : others;
  return { where, productIds, others };
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

export const stockReportsRepository = {
  /**
   * One page of on-hand rows, with the count and totals over all of them and how many (product,
   * location) pairs are below zero anywhere. The roll-up is folded first, so the page counts every
   * movement committed before it. Three statements: the fold, then the page beside one aggregate.
   */
  async levels(db: Tx, filter: StockLevelFilter) {
    await foldRollups(db);
    const spec = levelSpec(db, filter);
    const quantity = spec.columns.quantity;
    const totals = { quantity, value: sql`${quantity} * ${products.costPrice}` };
    // Every level below zero, whatever the filter (the report's warning); the partial index serves it.
    const belowZero = sql<number>`(select count(*) from ${stockLevels} where ${stockLevels.quantity} < 0)`.mapWith(
      Number,
    );
    if (filter.includeZero) {
      const [page, below] = await Promise.all([
        listPage(filter, { ...spec, totals }),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(stockLevels)
          .where(sql`${stockLevels.quantity} < 0`),
      ]);
      return { ...page, belowZero: below[0].n };
    }
    // The count and totals need no location (every level has one, by its foreign key, and the
    // filter reads only the level and the product): half the statement's time at 5,000 rows.
    let below = 0;
    const page = await listPage(filter, {
      ...spec,
      totals,
      aggregate: async () => {
        const [row] = await db
          .select({
            n: sql<number>`count(*)`.mapWith(Number),
            quantity: sql<number>`coalesce(sum(${stockLevels.quantity}), 0)`.mapWith(Number),
            value: sql<number>`coalesce(sum(${stockLevels.quantity} * ${products.costPrice}), 0)`.mapWith(Number),
            belowZero,
          })
          .from(stockLevels)
          .innerJoin(products, eq(products.id, stockLevels.productId))
          .where(spec.where);
        below = row.belowZero;
        return { totalRows: row.n, totals: { quantity: row.quantity, value: row.value } };
      },
    });
    return { ...page, belowZero: below };
  },

  /** The stock report's CSV: the same rows, after the same fold. */
  async levelsCsv(db: Tx, filter: StockLevelFilter) {
    await foldRollups(db);
    const spec = levelSpec(db, filter);
    return exportQuery(spec, filter.sortingList, STOCK_LEVEL_CSV, {
      value: sql`${spec.columns.quantity} * ${products.costPrice}`,
    });
  },

  /**
   * One page of the ledger: the page's ids are read first from the ledger alone, through the
   * index of the filter or the sort, and only those rows joined. Without a search the count is
   * the movement counts' (movementCount), with one mostly too.
   */
  async movements(db: Tx, filter: StockMovementFilter, invoiceIdsAt?: number) {
    const search = await movementSearch(db, filter.searchQuery, invoiceIdsAt);
    const spec = movementSpec(db, filter, search);
    const { rows, totalRows } = await listPage(filter, {
      ...spec,
      page: pageByIds(db, stockMovements, stockMovements.id, spec.where, (w) =>
        selectMovements(db, movementColumns).where(w),
      ),
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
