import { type ListFilter, type ProductGroup, toDollars } from '@wd/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { productGroups, products } from '../../db/schema/index.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { productColumns, productSearchable, productSortable } from '../products/products.repository.js';

const productCount =
  sql<number>`(select count(*) from products p where p.product_group_id = "product_groups"."id" and p.deleted_at is null)`.mapWith(
    Number,
  );

/** The one select of a product group (prices in cents; mapped by toProductGroup). */
export const productGroupColumns = {
  id: productGroups.id,
  name: productGroups.name,
  costPrice: productGroups.costPrice,
  sellingPrice: productGroups.sellingPrice,
  suggestedRetailPrice: productGroups.suggestedRetailPrice,
  productCount,
};
type GroupRow = Omit<typeof productGroups.$inferSelect, 'createdAt' | 'updatedAt'> & { productCount: number };

export function toProductGroup(row: GroupRow): ProductGroup {
  return {
    id: row.id,
    name: row.name,
    costPrice: toDollars(row.costPrice),
    sellingPrice: toDollars(row.sellingPrice),
    suggestedRetailPrice: toDollars(row.suggestedRetailPrice),
    productCount: Number(row.productCount),
  };
}

export const productGroupSortable = {
  id: productGroups.id,
  name: productGroups.name,
  costPrice: productGroups.costPrice,
  sellingPrice: productGroups.sellingPrice,
  suggestedRetailPrice: productGroups.suggestedRetailPrice,
  productCount,
};

export const productGroupsRepository = {
  list(db: Tx, filter: ListFilter) {
    return listPage(filter, {
      from: (fields) => db.select(fields).from(productGroups),
      columns: productGroupColumns,
      where: searchCondition(filter.searchQuery, [productGroups.name]),
      sortable: productGroupSortable,
      order: [asc(productGroups.name), asc(productGroups.id)],
    });
  },

  async findById(db: Tx, id: number, lock = false) {
    const query = db.select(productGroupColumns).from(productGroups).where(eq(productGroups.id, id));
    const [row] = lock ? await query.for('update', { of: productGroups }) : await query;
    return row;
  },

  /** The active products of a group, as the products list shows them. */
  members(db: Tx, groupId: number, filter: ListFilter) {
    return listPage(filter, {
      from: (fields) => db.select(fields).from(products),
      columns: productColumns,
      where: and(
        eq(products.productGroupId, groupId),
        isNull(products.deletedAt),
        searchCondition(filter.searchQuery, productSearchable),
      ),
      sortable: productSortable,
      order: [asc(products.name), asc(products.id)],
    });
  },

  /** Every member (deleted ones too), locked, with the prices before a change. */
  async lockMembers(db: Tx, groupId: number) {
    return db
      .select({
        id: products.id,
        costPrice: products.costPrice,
        sellingPrice: products.sellingPrice,
        suggestedRetailPrice: products.suggestedRetailPrice,
      })
      .from(products)
      .where(eq(products.productGroupId, groupId))
      .for('update');
  },

  async insert(db: Tx, values: typeof productGroups.$inferInsert) {
    const [row] = await db.insert(productGroups).values(values).returning({ id: productGroups.id });
    return row.id;
  },

  async update(db: Tx, id: number, values: Partial<typeof productGroups.$inferInsert>) {
    await db.update(productGroups).set(values).where(eq(productGroups.id, id));
  },

  /** Writes the group's prices to every member product. */
  async writePricesToMembers(
    db: Tx,
    id: number,
    prices: { costPrice: number; sellingPrice: number; suggestedRetailPrice: number },
  ) {
    await db.update(products).set(prices).where(eq(products.productGroupId, id));
  },

  async remove(db: Tx, id: number) {
    // Members are released (product_group_id set to null) by the foreign key.
    await db.delete(productGroups).where(eq(productGroups.id, id));
  },
};
