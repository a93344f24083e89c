import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { productGroups } from './product-groups.js';

/** Products; prices in integer cents. Soft-deleted rows carry deletedAt. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    unitQuantity: integer('unit_quantity').notNull().default(1),
    barcodeSymbology: text('barcode_symbology', { enum: ['upca', 'code128', 'ean8', 'ean13'] })
      .notNull()
      .default('upca'),
    barcode: text('barcode').notNull(),
    boxBarcode: text('box_barcode').notNull().default(''),
    category: text('category').notNull().default(''),
    costPrice: integer('cost_price').notNull().default(0),
    sellingPrice: integer('selling_price').notNull().default(0),
    suggestedRetailPrice: integer('suggested_retail_price').notNull().default(0),
    productGroupId: integer('product_group_id').references(() => productGroups.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /**
     * Σ quantity of its lines on invoices that are not NEW, kept by database
     * triggers on invoice_items and invoices (migration 0008); never written by the app.
     */
    quantitySold: integer('quantity_sold').notNull().default(0),
    /** Reorder when sellable stock (warehouse and trucks) falls below this; 0: no reorder level (docs/stock.md). */
    reorderLevel: integer('reorder_level').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // Barcodes are unique among active products; so is a non-empty box barcode.
    uniqueIndex('products_barcode_active_idx').on(t.barcode).where(sql`${t.deletedAt} is null`),
    uniqueIndex('products_box_barcode_active_idx')
      .on(t.boxBarcode)
      .where(sql`${t.deletedAt} is null and ${t.boxBarcode} <> ''`),
    index('products_name_lower_idx').on(sql`lower(${t.name})`),
    /** Lists by name (the stock report's default order) stop at their page instead of sorting every row. */
    index('products_name_id_idx').on(t.name, t.id),
    index('products_category_idx').on(t.category),
    index('products_group_idx').on(t.productGroupId),
    index('products_deleted_idx').on(t.deletedAt),
    /** The reorder report reads only the products that have a level. */
    index('products_reorder_idx').on(t.id).where(sql`${t.reorderLevel} > 0 and ${t.deletedAt} is null`),
    check('products_reorder_level_check', sql`${t.reorderLevel} >= 0`),
  ],
);
