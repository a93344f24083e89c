import { integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { products } from './products.js';
import { users } from './users.js';

/** Each user's list of barcode labels to print. */
export const barcodeItems = pgTable(
  'barcode_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('barcode_items_user_product_idx').on(t.userId, t.productId)],
);
