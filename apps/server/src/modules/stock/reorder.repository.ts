import { REORDER_CSV, type ReorderFilter } from '@wd/contracts';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { foldRollups, stockSellable } from '../../db/rollups.js';
import { products } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';

/**
 * The reorder report's joins, columns, filter and sorts (one spec for its page and its CSV): the
 * products with a reorder level (their partial index) and their sellable stock (the warehouse and
 * the trucks, not the damaged bin), only the ones below the level unless `all`.
 */
function reorderSpec(db: Tx, filter: ReorderFilter) {
  // The sums per product are kept (stock_sellable): the page and its totals read one row a product.
  const stock = stockSellable;
  const warehouse = sql<number>`coalesce(${stock.warehouse}, 0)`.mapWith(Number);
  const trucks = sql<number>`coalesce(${stock.trucks}, 0)`.mapWith(Number);
  const sellable = sql<number>`(coalesce(${stock.warehouse}, 0) + coalesce(${stock.trucks}, 0))`.mapWith(Number);
  const short = sql<number>`greatest(${products.reorderLevel} - ${sellable}, 0)`.mapWith(Number);
  const value = sql<number>`${short} * ${products.costPrice}`.mapWith(Number);
  const columns = {
    productID: products.id,
    product: products.name,
    barcode: products.barcode,
    category: products.category,
    reorderLevel: products.reorderLevel,
    warehouse,
    trucks,
    sellable,
    short,
    costPrice: products.costPrice,
    value,
  };
  const where: (SQL | undefined)[] = [
    sql`${products.reorderLevel} > 0`,
    isNull(products.deletedAt),
    filter.all ? undefined : sql`${sellable} < ${products.reorderLevel}`,
    searchCondition(filter.searchQuery, [products.name, products.barcode, products.category]),
  ];
  return {
    from: (fields: SelectedFields) =>
      db.select(fields).from(products).leftJoin(stock, eq(stock.productId, products.id)),
    columns,
    where: and(...where),
    // Every column but the id sorts.
    sortable: (({ productID: _id, ...shown }) => shown)(columns),
    order: [asc(products.name), asc(products.id)],
    short,
    value,
  };
}

export const reorderRepository = {
  /** One page of the report with its count and totals; the roll-up is folded first. */
  async list(db: Tx, filter: ReorderFilter) {
    await foldRollups(db);
    const { short, value, ...spec } = reorderSpec(db, filter);
    return listPage(filter, { ...spec, totals: { short, value } });
  },

  async csvQuery(db: Tx, filter: ReorderFilter) {
    await foldRollups(db);
    const { short: _short, value: _value, ...spec } = reorderSpec(db, filter);
    return exportQuery(spec, filter.sortingList, REORDER_CSV);
  },

  /** The products with their current level (for the audit trail), by id. */
  async levels(db: Tx, ids: number[]) {
    return db
      .select({
        id: products.id,
        name: products.name,
        reorderLevel: products.reorderLevel,
        deletedAt: products.deletedAt,
      })
      .from(products)
      .where(inArray(products.id, ids));
  },

  async setLevel(db: Tx, id: number, reorderLevel: number) {
    await db.update(products).set({ reorderLevel }).where(eq(products.id, id));
  },
};
