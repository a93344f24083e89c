import {
  STOCK_LEVEL_CSV,
  STOCK_MOVEMENT_CSV,
  STOCK_MOVEMENT_LABELS,
  type StockLevelFilter,
  type StockMovementFilter,
} from '@wd/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import {
  invoices,
  products,
  stockLevels,
  stockLocations,
  stockMovements,
  supplierInvoices,
  users,
} from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage, searchCondition } from '../../lib/list.js';

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

/** The ledger's filter (its own columns, and the search through the joins), sorts and order. */
function movementSpec(db: Tx, filter: StockMovementFilter) {
  const own = and(
    filter.productID ? eq(stockMovements.productId, filter.productID) : undefined,
    filter.locationID ? eq(stockMovements.locationId, filter.locationID) : undefined,
    filter.kind ? eq(stockMovements.kind, filter.kind) : undefined,
  );
  const search = searchCondition(filter.searchQuery, [products.name, stockMovements.note, invoices.invoiceNo]);
  return {
    own,
    search,
    from: (fields: SelectedFields) => selectMovements(db, fields),
    columns: movementColumns,
    where: and(own, search),
    sortable: { createdAt: stockMovements.id, quantity: stockMovements.quantity, kind: stockMovements.kind },
    order: [desc(stockMovements.id)],
  };
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
   * One page of the ledger. Without a search, the filter is on the ledger's own columns: the
   * page's ids are read first from the product (or location) index in id order and only those
   * rows joined, and the count reads the ledger alone (the joins cannot change it).
   */
  async movements(db: Tx, filter: StockMovementFilter) {
    const { own, search, ...spec } = movementSpec(db, filter);
    const { rows, totalRows } = await listPage(filter, {
      ...spec,
      page: search
        ? undefined
        : (order, limit, offset) => {
            const ids = db
              .select({ id: stockMovements.id })
              .from(stockMovements)
              .where(own)
              .orderBy(...order)
              .limit(limit)
              .offset(offset);
            return selectMovements(db, movementColumns)
              .where(inArray(stockMovements.id, ids))
              .orderBy(...order);
          },
      aggregate: search
        ? undefined
        : async () => {
            const [row] = await db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(stockMovements)
              .where(own);
            return { totalRows: row.n, totals: {} };
          },
    });
    return { rows: rows as unknown as MovementRow[], totalRows };
  },

  /** The ledger's CSV under the same filter and sort; times in the business's time zone. */
  movementsCsv(db: Tx, filter: StockMovementFilter, timeZone: string) {
    const { own: _own, search: _search, ...spec } = movementSpec(db, filter);
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
