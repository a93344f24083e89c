import { type ListFilter, type ProductGroup, toDollars } from '@wd/contracts';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { productGroups, products } from '../../db/schema/index.js';
import { orderBy, paging, searchCondition } from '../../lib/list.js';
import { productColumns, productSearchable, productSortable } from '../products/products.repository.js';

const productCount =
  sql<number>`(select count(*) from products p where p.product_group_id = "product_groups"."id" and p.deleted_at is null)`.mapWith(
    Number,
  );

const groupColumns = {
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

const sortable = {
  id: productGroups.id,
  name: productGroups.name,
  costPrice: productGroups.costPrice,
  sellingPrice: productGroups.sellingPrice,
  suggestedRetailPrice: productGroups.suggestedRetailPrice,
  productCount,
};

export const productGroupsRepository = {
  async list(db: Tx, filter: ListFilter) {
    const where = searchCondition(filter.searchQuery, [productGroups.name]);
    const { limit, offset } = paging(filter);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(groupColumns)
        .from(productGroups)
        .where(where)
        .orderBy(...orderBy(filter.sortingList, sortable, [asc(productGroups.name), asc(productGroups.id)]))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(productGroups).where(where),
    ]);
    return { rows, totalRows: total };
  },

  async findById(db: Tx, id: number, lock = false) {
    const query = db.select(groupColumns).from(productGroups).where(eq(productGroups.id, id));
    const [row] = lock ? await query.for('update', { of: productGroups }) : await query;
    return row;
  },

  async members(db: Tx, groupId: number, filter: ListFilter) {
    const where = and(
      eq(products.productGroupId, groupId),
      isNull(products.deletedAt),
      searchCondition(filter.searchQuery, productSearchable),
    );
    const { limit, offset } = paging(filter);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(productColumns)
        .from(products)
        .where(where)
        .orderBy(...orderBy(filter.sortingList, productSortable, [asc(products.name), asc(products.id)]))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(products).where(where),
    ]);
    return { rows, totalRows: total };
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
