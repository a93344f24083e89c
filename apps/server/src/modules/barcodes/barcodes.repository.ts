import { MAX_PAGE_SIZE, type SortItem, toDollars } from '@wd/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { barcodeItems, products } from '../../db/schema/index.js';
import { listPage } from '../../lib/list.js';

const itemColumns = {
  id: barcodeItems.id,
  productID: barcodeItems.productId,
  productName: products.name,
  barcode: products.barcode,
  barcodeSymbology: products.barcodeSymbology,
  quantity: barcodeItems.quantity,
  suggestedRetailPrice: products.suggestedRetailPrice,
};

const sortable = {
  id: barcodeItems.id,
  productName: products.name,
  barcode: products.barcode,
  quantity: barcodeItems.quantity,
  suggestedRetailPrice: products.suggestedRetailPrice,
};

export const barcodesRepository = {
  /** The whole list of a user (a label list is never paged), in the order added unless sorted. */
  async list(db: Tx, userId: number, sortingList: SortItem[]) {
    const { rows, totalRows } = await listPage(
      { currentPage: 1, resultsPerPage: MAX_PAGE_SIZE, sortingList },
      {
        from: (fields) =>
          db.select(fields).from(barcodeItems).innerJoin(products, eq(products.id, barcodeItems.productId)),
        columns: itemColumns,
        where: eq(barcodeItems.userId, userId),
        sortable,
        order: [asc(barcodeItems.id)],
      },
    );
    return { rows: rows.map((r) => ({ ...r, suggestedRetailPrice: toDollars(r.suggestedRetailPrice) })), totalRows };
  },

  async find(db: Tx, userId: number, id: number) {
    const [row] = await db
      .select(itemColumns)
      .from(barcodeItems)
      .innerJoin(products, eq(products.id, barcodeItems.productId))
      .where(and(eq(barcodeItems.userId, userId), eq(barcodeItems.id, id)));
    return row && { ...row, suggestedRetailPrice: toDollars(row.suggestedRetailPrice) };
  },

  /** Adds a product to the list, or adds to its quantity when it is there already. */
  async add(db: Tx, userId: number, productId: number, quantity: number) {
    const [row] = await db
      .insert(barcodeItems)
      .values({ userId, productId, quantity })
      .onConflictDoUpdate({
        target: [barcodeItems.userId, barcodeItems.productId],
        set: { quantity: sql`${barcodeItems.quantity} + excluded.quantity`, updatedAt: new Date() },
      })
      .returning({ id: barcodeItems.id });
    return row.id;
  },

  async setQuantity(db: Tx, userId: number, id: number, quantity: number) {
    const rows = await db
      .update(barcodeItems)
      .set({ quantity })
      .where(and(eq(barcodeItems.userId, userId), eq(barcodeItems.id, id)))
      .returning({ id: barcodeItems.id });
    return rows.length > 0;
  },

  async remove(db: Tx, userId: number, id: number) {
    const rows = await db
      .delete(barcodeItems)
      .where(and(eq(barcodeItems.userId, userId), eq(barcodeItems.id, id)))
      .returning({ id: barcodeItems.id });
    return rows.length > 0;
  },

  async clear(db: Tx, userId: number) {
    await db.delete(barcodeItems).where(eq(barcodeItems.userId, userId));
  },

  async symbologyOf(db: Tx, barcode: string) {
    const [row] = await db
      .select({ symbology: products.barcodeSymbology })
      .from(products)
      .where(and(eq(products.barcode, barcode), sql`${products.deletedAt} is null`));
    return row?.symbology;
  },
};
