import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/** Product price groups: their prices are written to every member product. */
export const productGroups = pgTable('product_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  costPrice: integer('cost_price').notNull().default(0),
  sellingPrice: integer('selling_price').notNull().default(0),
  suggestedRetailPrice: integer('suggested_retail_price').notNull().default(0),
  ...timestamps,
});
