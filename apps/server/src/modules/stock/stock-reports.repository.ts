import { STOCK_LEVEL_CSV, type StockLevelFilter } from '@wd/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import { products, stockLevels, stockLocations } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { stockLedgerRepository } from './stock-ledger.repository.js';

/** The stock report (and, from stock-ledger.repository.ts, the ledger): pages, counts, totals and CSV statements. */

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

  ...stockLedgerRepository,
};
