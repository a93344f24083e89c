import {
  type ListFilter,
  PRICE_GROUP_ITEM_CSV,
  type PriceGroupItem,
  type PriceGroupProductGroup,
  toDollars,
} from '@wd/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { priceGroupItems, priceGroups, productGroups, products } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import {
  productGroupColumns,
  productGroupSortable,
  toProductGroup,
} from '../product-groups/product-groups.repository.js';

const itemCount =
  sql<number>`(select count(*) from price_group_items i where i.price_group_id = "price_groups"."id")`.mapWith(Number);
const groupColumns = { id: priceGroups.id, name: priceGroups.name, itemCount };

const itemColumns = {
  id: priceGroupItems.id,
  priceGroupID: priceGroupItems.priceGroupId,
  productID: priceGroupItems.productId,
  productName: products.name,
  barcode: products.barcode,
  category: products.category,
  productGroupID: sql<number>`coalesce(${products.productGroupId}, 0)`.mapWith(Number),
  costPrice: products.costPrice,
  sellingPrice: products.sellingPrice,
  suggestedRetailPrice: products.suggestedRetailPrice,
  updatedPrice: priceGroupItems.price,
  updatedSuggestedRetailPrice: priceGroupItems.suggestedRetailPrice,
};
/** Cents → dollars for the wire. */
function toItem(row: PriceGroupItem): PriceGroupItem {
  return {
    ...row,
    costPrice: toDollars(row.costPrice),
    sellingPrice: toDollars(row.sellingPrice),
    suggestedRetailPrice: toDollars(row.suggestedRetailPrice),
    updatedPrice: toDollars(row.updatedPrice),
    updatedSuggestedRetailPrice: toDollars(row.updatedSuggestedRetailPrice),
  };
}

const itemSortable = {
  id: priceGroupItems.id,
  productName: products.name,
  barcode: products.barcode,
  category: products.category,
  costPrice: products.costPrice,
  sellingPrice: products.sellingPrice,
  suggestedRetailPrice: products.suggestedRetailPrice,
  updatedPrice: priceGroupItems.price,
  updatedSuggestedRetailPrice: priceGroupItems.suggestedRetailPrice,
};

const itemProduct = eq(products.id, priceGroupItems.productId);

/** The items list's joins, filter and order (a group's items of active products): the page and the export share them. */
function itemsSpec(db: Tx, groupId: number, filter: ListFilter) {
  return {
    from: (fields: SelectedFields) => db.select(fields).from(priceGroupItems).innerJoin(products, itemProduct),
    columns: itemColumns,
    where: and(
      eq(priceGroupItems.priceGroupId, groupId),
      isNull(products.deletedAt),
      searchCondition(filter.searchQuery, [products.name, products.barcode, products.category]),
    ),
    sortable: itemSortable,
    order: [asc(products.name), asc(priceGroupItems.id)],
  };
}

/** A product group seen from a price group (cents → dollars; no agreed price → null). */
function toPricedProductGroup(
  row: Parameters<typeof toProductGroup>[0] & {
    itemCount: number;
    updatedPrice: number | null;
    updatedSuggestedRetailPrice: number | null;
  },
): PriceGroupProductGroup {
  const dollars = (cents: number | null) => (cents === null ? null : toDollars(Number(cents)));
  return {
    ...toProductGroup(row),
    itemCount: row.itemCount,
    updatedPrice: dollars(row.updatedPrice),
    updatedSuggestedRetailPrice: dollars(row.updatedSuggestedRetailPrice),
  };
}

export const priceGroupsRepository = {
  list(db: Tx, filter: ListFilter) {
    return listPage(filter, {
      from: (fields) => db.select(fields).from(priceGroups),
      columns: groupColumns,
      where: searchCondition(filter.searchQuery, [priceGroups.name]),
      sortable: groupColumns,
      order: [asc(priceGroups.id)],
    });
  },

  async findById(db: Tx, id: number, lock = false) {
    const query = db.select(groupColumns).from(priceGroups).where(eq(priceGroups.id, id));
    const [row] = lock ? await query.for('update', { of: priceGroups }) : await query;
    return row;
  },

  async nameTaken(db: Tx, name: string, exceptId?: number) {
    const [row] = await db
      .select({ id: priceGroups.id })
      .from(priceGroups)
      .where(
        and(
          sql`lower(${priceGroups.name}) = lower(${name})`,
          exceptId ? sql`${priceGroups.id} <> ${exceptId}` : undefined,
        ),
      );
    return Boolean(row);
  },

  async insert(db: Tx, name: string) {
    const [row] = await db.insert(priceGroups).values({ name }).returning({ id: priceGroups.id });
    return row.id;
  },

  async rename(db: Tx, id: number, name: string) {
    await db.update(priceGroups).set({ name }).where(eq(priceGroups.id, id));
  },

  async remove(db: Tx, id: number) {
    await db.delete(priceGroups).where(eq(priceGroups.id, id));
  },

  async items(db: Tx, groupId: number, filter: ListFilter) {
    const { rows, totalRows } = await listPage(filter, itemsSpec(db, groupId, filter));
    return { rows: rows.map(toItem), totalRows };
  },

  /** Export CSV's statement: every item of a group the list's search matches, in its order (the group is known to exist). */
  itemsCsvQuery(db: Tx, groupId: number, filter: ListFilter) {
    return exportQuery(itemsSpec(db, groupId, filter), filter.sortingList, PRICE_GROUP_ITEM_CSV);
  },

  async item(db: Tx, id: number) {
    const [row] = await db
      .select(itemColumns)
      .from(priceGroupItems)
      .innerJoin(products, itemProduct)
      .where(eq(priceGroupItems.id, id));
    return row && toItem(row);
  },

  /** A price group's price and suggested retail price for a product, in cents (undefined when it has no item). */
  async groupPrice(db: Tx, groupId: number, productId: number) {
    const [row] = await db
      .select({ price: priceGroupItems.price, suggestedRetailPrice: priceGroupItems.suggestedRetailPrice })
      .from(priceGroupItems)
      .where(and(eq(priceGroupItems.priceGroupId, groupId), eq(priceGroupItems.productId, productId)));
    return row;
  },

  /** The group's prices of several products at once (products the group has no item for are absent). */
  async groupPrices(db: Tx, groupId: number, productIds: number[]) {
    if (productIds.length === 0) return [];
    return db
      .select({
        productId: priceGroupItems.productId,
        price: priceGroupItems.price,
        suggestedRetailPrice: priceGroupItems.suggestedRetailPrice,
      })
      .from(priceGroupItems)
      .where(and(eq(priceGroupItems.priceGroupId, groupId), inArray(priceGroupItems.productId, productIds)));
  },

  async itemByProduct(db: Tx, groupId: number, productId: number) {
    const [row] = await db
      .select({ id: priceGroupItems.id })
      .from(priceGroupItems)
      .where(and(eq(priceGroupItems.priceGroupId, groupId), eq(priceGroupItems.productId, productId)));
    return row;
  },

  async insertItem(db: Tx, values: typeof priceGroupItems.$inferInsert) {
    const [row] = await db.insert(priceGroupItems).values(values).returning({ id: priceGroupItems.id });
    return row.id;
  },

  async updateItem(db: Tx, id: number, values: { price: number; suggestedRetailPrice: number }) {
    await db.update(priceGroupItems).set(values).where(eq(priceGroupItems.id, id));
  },

  async itemsByIds(db: Tx, ids: number[]) {
    return db
      .select({
        id: priceGroupItems.id,
        priceGroupId: priceGroupItems.priceGroupId,
        price: priceGroupItems.price,
        suggestedRetailPrice: priceGroupItems.suggestedRetailPrice,
        productId: priceGroupItems.productId,
      })
      .from(priceGroupItems)
      .where(inArray(priceGroupItems.id, ids))
      .for('update');
  },

  async removeItems(db: Tx, ids: number[]) {
    if (ids.length) await db.delete(priceGroupItems).where(inArray(priceGroupItems.id, ids));
  },

  /** Creates or updates an item for every active product of a product group. */
  async upsertForProductGroup(db: Tx, groupId: number, productGroupId: number, price: number, srp: number) {
    const rows = await db.execute<{ id: number }>(sql`
      insert into price_group_items (price_group_id, product_id, price, suggested_retail_price)
      select ${groupId}, p.id, ${price}, ${srp} from products p
      where p.product_group_id = ${productGroupId} and p.deleted_at is null
      on conflict (price_group_id, product_id)
      do update set price = excluded.price, suggested_retail_price = excluded.suggested_retail_price, updated_at = now()
      returning id`);
    return rowsOf(rows).length;
  },

  /** Updates the existing items of a product group's products. */
  async updateForProductGroup(db: Tx, groupId: number, productGroupId: number, price: number, srp: number) {
    const rows = await db.execute<{ id: number }>(sql`
      update price_group_items i set price = ${price}, suggested_retail_price = ${srp}, updated_at = now()
      from products p
      where i.product_id = p.id and i.price_group_id = ${groupId} and p.product_group_id = ${productGroupId}
      returning i.id`);
    return rowsOf(rows).length;
  },

  /** An item, at the product's own prices, for every active product not yet in the group. */
  async insertAllProducts(db: Tx, groupId: number) {
    const rows = await db.execute<{ id: number }>(sql`
      insert into price_group_items (price_group_id, product_id, price, suggested_retail_price)
      select ${groupId}, p.id, p.selling_price, p.suggested_retail_price from products p
      where p.deleted_at is null
      on conflict (price_group_id, product_id) do nothing
      returning id`);
    return rowsOf(rows).length;
  },

  /** Product groups with how many of their products have an item here, and the price when the items agree. */
  async productGroups(db: Tx, groupId: number, filter: ListFilter) {
    const stats = sql`(
      select count(*)::int as item_count,
        case when count(distinct i.price) = 1 then min(i.price) end as price,
        case when count(distinct i.suggested_retail_price) = 1 then min(i.suggested_retail_price) end as srp
      from price_group_items i join products p on p.id = i.product_id
      where i.price_group_id = ${groupId} and p.product_group_id = "product_groups"."id" and p.deleted_at is null)`;
    const priced = {
      itemCount: sql<number>`coalesce((select item_count from ${stats} s), 0)`.mapWith(Number),
      updatedPrice: sql<number | null>`(select price from ${stats} s)`,
      updatedSuggestedRetailPrice: sql<number | null>`(select srp from ${stats} s)`,
    };
    const { rows, totalRows } = await listPage(filter, {
      from: (fields) => db.select(fields).from(productGroups),
      columns: { ...productGroupColumns, ...priced },
      where: searchCondition(filter.searchQuery, [productGroups.name]),
      sortable: { ...productGroupSortable, ...priced },
      order: [asc(productGroups.name), asc(productGroups.id)],
    });
    return { rows: rows.map(toPricedProductGroup), totalRows };
  },
};
