import { barcodeVariants, type ListFilter, type Product, toDollars } from '@wd/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { listPage, searchCondition } from '../../lib/list.js';
import { recordRows } from '../../lib/table-rows.js';

/** The one select of a product (prices in cents; mapped to the contract by toProduct). */
export const productColumns = {
  id: products.id,
  name: products.name,
  unitQuantity: products.unitQuantity,
  barcodeSymbology: products.barcodeSymbology,
  barcode: products.barcode,
  boxBarcode: products.boxBarcode,
  category: products.category,
  costPrice: products.costPrice,
  sellingPrice: products.sellingPrice,
  suggestedRetailPrice: products.suggestedRetailPrice,
  productGroupId: products.productGroupId,
  deletedAt: products.deletedAt,
  // Σ quantity of its lines on invoices that are not NEW, kept by triggers (migration 0008).
  quantitySold: products.quantitySold,
};
export type ProductRow = Omit<typeof products.$inferSelect, 'createdAt' | 'updatedAt'>;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    unitQuantity: row.unitQuantity,
    barcodeSymbology: row.barcodeSymbology,
    barcode: row.barcode,
    boxBarcode: row.boxBarcode,
    category: row.category,
    costPrice: toDollars(row.costPrice),
    sellingPrice: toDollars(row.sellingPrice),
    suggestedRetailPrice: toDollars(row.suggestedRetailPrice),
    quantitySold: Number(row.quantitySold),
    productGroupID: row.productGroupId ?? 0,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

export const productSortable = {
  id: products.id,
  name: products.name,
  barcode: products.barcode,
  boxBarcode: products.boxBarcode,
  category: products.category,
  unitQuantity: products.unitQuantity,
  costPrice: products.costPrice,
  sellingPrice: products.sellingPrice,
  suggestedRetailPrice: products.suggestedRetailPrice,
};
export const productSearchable = [products.name, products.barcode, products.boxBarcode, products.category];

export const active = isNull(products.deletedAt);

/** Scanned text names a product's code: its barcode (± one leading 0) or its box barcode. */
function codeMatch(text: string) {
  return or(inArray(products.barcode, barcodeVariants(text)), eq(products.boxBarcode, text));
}

export const productsRepository = {
  ...recordRows(products, productColumns),
  list(db: Tx, filter: ListFilter, deleted: boolean) {
    return listPage(filter, {
      from: (fields) => db.select(fields).from(products),
      columns: productColumns,
      where: and(
        deleted ? isNotNull(products.deletedAt) : active,
        searchCondition(filter.searchQuery, productSearchable),
      ),
      sortable: productSortable,
      order: [asc(products.name), asc(products.id)],
    });
  },

  /**
   * Lookup for pickers and scans: barcode (also with one leading 0 added or
   * removed) or box barcode exactly, or the name / barcode containing the text.
   * Exact code matches come first.
   */
  async search(db: Tx, text: string, limit: number) {
    const t = text.trim();
    if (!t) {
      return db.select(productColumns).from(products).where(active).orderBy(asc(products.name)).limit(limit);
    }
    const exact = codeMatch(t);
    const rank = sql`case when ${exact} then 0 when lower(${products.name}) = lower(${t}) then 1 else 2 end`;
    return db
      .select(productColumns)
      .from(products)
      .where(and(active, or(exact, searchCondition(t, [products.name, products.barcode]))))
      .orderBy(rank, asc(products.name))
      .limit(limit);
  },

  /**
   * The active products scanned or typed text names exactly (docs/business-rules.md,
   * "Adding a product to an invoice"): by code (see codeMatch) or by the whole
   * name in any case. At most `limit`; `byBox` when the box barcode matched.
   */
  async matchScan(db: Tx, text: string, limit = 2) {
    const t = text.trim();
    const rows = await db
      .select(productColumns)
      .from(products)
      .where(and(active, or(codeMatch(t), sql`lower(${products.name}) = lower(${t})`)))
      .orderBy(asc(products.id))
      .limit(limit);
    const variants = barcodeVariants(t);
    return rows.map((product) => ({
      product,
      byBox: product.boxBarcode !== '' && product.boxBarcode === t && !variants.includes(product.barcode),
    }));
  },

  /** The categories in use, each once (sortable by `category`). */
  async categories(db: Tx, filter: ListFilter) {
    const inUse = db
      .selectDistinct({ category: products.category })
      .from(products)
      .where(and(active, ne(products.category, ''), searchCondition(filter.searchQuery, [products.category])))
      .as('in_use');
    const { rows, totalRows } = await listPage(filter, {
      from: (fields) => db.select(fields).from(inUse),
      columns: { category: inUse.category },
      sortable: { category: inUse.category },
      order: [asc(inUse.category)],
    });
    return { rows: rows.map((r) => r.category), totalRows };
  },

  async findById(db: Tx, id: number, opts: { includeDeleted?: boolean; lock?: boolean } = {}) {
    const query = db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.id, id), opts.includeDeleted ? undefined : active));
    const [row] = opts.lock ? await query.for('update') : await query;
    return row;
  },

  async findByIds(db: Tx, ids: number[]) {
    if (ids.length === 0) return [];
    return db.select(productColumns).from(products).where(inArray(products.id, ids)).for('update');
  },

  /** An active product other than `exceptId` that uses this barcode (or box barcode). */
  async barcodeOwner(db: Tx, column: 'barcode' | 'boxBarcode', value: string, exceptId?: number) {
    const col = column === 'barcode' ? products.barcode : products.boxBarcode;
    const [row] = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(active, eq(col, value), exceptId ? ne(products.id, exceptId) : undefined));
    return row;
  },
};
