import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  deviceFlags,
  invoiceProofs,
  invoices,
  numberBlocks,
  priceGroupItems,
  products,
} from '../../db/schema/index.js';

/** What the sync of a device's invoice reads and writes besides the invoice and its lines. */
export const deviceInvoicesRepository = {
  /** The block of this user's device holding the number, released or not. */
  async blockHolding(db: Tx, number: number, userId: number, deviceId: string) {
    const [row] = await db
      .select({ id: numberBlocks.id, releasedAt: numberBlocks.releasedAt })
      .from(numberBlocks)
      .where(
        and(
          sql`${numberBlocks.numbers} @> array[${number}::int]`,
          eq(numberBlocks.userId, userId),
          eq(numberBlocks.deviceId, deviceId),
        ),
      );
    return row;
  },

  async invoiceByNo(db: Tx, invoiceNo: string) {
    const [row] = await db
      .select({ id: invoices.id, deviceId: invoices.deviceId })
      .from(invoices)
      .where(eq(invoices.invoiceNo, invoiceNo));
    return row;
  },

  /** Products by id, deleted or not (cents). */
  products(db: Tx, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: products.id,
        name: products.name,
        costPrice: products.costPrice,
        sellingPrice: products.sellingPrice,
        suggestedRetailPrice: products.suggestedRetailPrice,
        deletedAt: products.deletedAt,
      })
      .from(products)
      .where(inArray(products.id, ids));
  },

  /** A price group's items for some products (cents). */
  groupPrices(db: Tx, groupId: number, productIds: number[]) {
    if (productIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        productId: priceGroupItems.productId,
        price: priceGroupItems.price,
        suggestedRetailPrice: priceGroupItems.suggestedRetailPrice,
      })
      .from(priceGroupItems)
      .where(and(eq(priceGroupItems.priceGroupId, groupId), inArray(priceGroupItems.productId, productIds)));
  },

  async insertProof(db: Tx, values: typeof invoiceProofs.$inferInsert) {
    await db.insert(invoiceProofs).values(values);
  },

  async insertFlags(db: Tx, rows: (typeof deviceFlags.$inferInsert)[]) {
    if (rows.length > 0) await db.insert(deviceFlags).values(rows);
  },

  /** The flags raised by an invoice's sync, in the order they were raised. */
  flagsOf(db: Tx, invoiceId: number) {
    return db
      .select({ kind: deviceFlags.kind, message: deviceFlags.message })
      .from(deviceFlags)
      .where(eq(deviceFlags.invoiceId, invoiceId))
      .orderBy(deviceFlags.id);
  },
};
