import { toDollars } from '@wd/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { barcodeItems, products } from '../../db/schema/index.js';

const itemColumns = {
  id: barcodeItems.id,
  productID: barcodeItems.productId,
  productName: products.name,
  barcode: products.barcode,
  barcodeSymbology: products.barcodeSymbology,
  quantity: barcodeItems.quantity,
  suggestedRetailPrice: products.suggestedRetailPrice,
};

export const barcodesRepository = {
  async list(db: Tx, userId: number) {
    const rows = await db
      .select(itemColumns)
      .from(barcodeItems)
      .innerJoin(products, eq(products.id, barcodeItems.productId))
      .where(eq(barcodeItems.userId, userId))
      .orderBy(asc(barcodeItems.id));
    return rows.map((r) => ({ ...r, suggestedRetailPrice: toDollars(r.suggestedRetailPrice) }));
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
