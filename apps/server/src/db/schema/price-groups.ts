import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { products } from './products.js';

/** Customer price groups; id 1 is the default group (created by the first migration). */
export const priceGroups = pgTable(
  'price_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('price_groups_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** A customer price group's price for one product. */
export const priceGroupItems = pgTable(
  'price_group_items',
  {
    id: serial('id').primaryKey(),
    priceGroupId: integer('price_group_id')
      .notNull()
      .references(() => priceGroups.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    suggestedRetailPrice: integer('suggested_retail_price').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('price_group_items_group_product_idx').on(t.priceGroupId, t.productId),
    index('price_group_items_product_idx').on(t.productId),
  ],
);
