import { type InvoiceItem, type ListFilter, type PriceHistoryEntry, toDollars } from '@wd/contracts';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../../db/client.js';
import { invoiceItems, invoices, products } from '../../db/schema/index.js';
import { auditTrail } from '../../lib/audit.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { recordRows } from '../../lib/table-rows.js';

const itemColumns = {
  id: invoiceItems.id,
  invoiceID: invoiceItems.invoiceId,
  productID: sql<number>`coalesce(${invoiceItems.productId}, 0)`.mapWith(Number),
  productName: invoiceItems.productName,
  barcode: invoiceItems.barcode,
  costPrice: invoiceItems.costPrice,
  sellingPrice: invoiceItems.sellingPrice,
  suggestedRetailPrice: invoiceItems.suggestedRetailPrice,
  quantity: invoiceItems.quantity,
  subtotal: invoiceItems.subtotal,
  damagedGood: invoiceItems.damagedGood,
};
export type InvoiceItemRow = SelectResultFields<typeof itemColumns>;

export function toInvoiceItem(row: InvoiceItemRow): InvoiceItem {
  return {
    ...row,
    costPrice: toDollars(row.costPrice),
    sellingPrice: toDollars(row.sellingPrice),
    suggestedRetailPrice: toDollars(row.suggestedRetailPrice),
    subtotal: toDollars(row.subtotal),
  };
}

/** An invoice line's audit trail: the line as the API answers it (with its invoiceID, which the invoice's history finds it by). */
export const invoiceItemTrail = auditTrail('invoice_item', toInvoiceItem);

const historyColumns = {
  date: invoices.date,
  invoiceNo: invoices.invoiceNo,
  sellingPrice: invoiceItems.sellingPrice,
  suggestedRetailPrice: invoiceItems.suggestedRetailPrice,
  quantity: invoiceItems.quantity,
};

export function toPriceHistoryEntry(row: PriceHistoryEntry): PriceHistoryEntry {
  return {
    ...row,
    sellingPrice: toDollars(row.sellingPrice),
    suggestedRetailPrice: toDollars(row.suggestedRetailPrice),
  };
}

const sortable = {
  id: invoiceItems.id,
  productName: invoiceItems.productName,
  barcode: invoiceItems.barcode,
  quantity: invoiceItems.quantity,
  sellingPrice: invoiceItems.sellingPrice,
  subtotal: invoiceItems.subtotal,
};

/** The lines of invoices: each keeps a snapshot of its product (docs/business-rules.md). */
export const invoiceItemsRepository = {
  /** insert and update answer the line as stored (one round trip, no read after the write). */
  ...recordRows(invoiceItems, itemColumns),
  /** Many lines in one statement, in the order given (a driver's invoice arriving whole). */
  async insertMany(db: Tx, rows: (typeof invoiceItems.$inferInsert)[]) {
    if (rows.length > 0) await db.insert(invoiceItems).values(rows);
  },
  list(db: Tx, invoiceId: number, filter: ListFilter) {
    return listPage(filter, {
      from: (fields) => db.select(fields).from(invoiceItems),
      columns: itemColumns,
      where: and(
        eq(invoiceItems.invoiceId, invoiceId),
        searchCondition(filter.searchQuery, [invoiceItems.productName, invoiceItems.barcode]),
      ),
      sortable,
      order: [asc(invoiceItems.id)],
    });
  },

  async find(db: Tx, id: number) {
    const [row] = await db.select(itemColumns).from(invoiceItems).where(eq(invoiceItems.id, id));
    return row;
  },

  ofInvoice(db: Tx, invoiceId: number) {
    return db
      .select(itemColumns)
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoiceId))
      .orderBy(asc(invoiceItems.id));
  },

  /** Earlier lines of a product for a customer (or walk-ins) on submitted invoices, newest first. */
  productHistory(db: Tx, productId: number, customerId: number | null, exceptInvoiceId: number) {
    return db
      .select(historyColumns)
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(
        and(
          eq(invoiceItems.productId, productId),
          customerId ? eq(invoices.customerId, customerId) : isNull(invoices.customerId),
          ne(invoices.id, exceptInvoiceId),
          ne(invoices.status, 'NEW'),
        ),
      )
      .orderBy(desc(invoices.date), desc(invoiceItems.id))
      .limit(20);
  },

  /** The lines in the order they were added, with what the printout needs of each product (gone products: none). */
  documentLines(db: Tx, invoiceId: number) {
    return db
      .select({
        id: invoiceItems.id,
        productID: sql<number>`coalesce(${invoiceItems.productId}, 0)`.mapWith(Number),
        barcode: invoiceItems.barcode,
        symbology: sql<string>`coalesce(${products.barcodeSymbology}, '')`,
        productName: invoiceItems.productName,
        quantity: invoiceItems.quantity,
        unitsPerCase: sql<number>`coalesce(${products.unitQuantity}, 1)`.mapWith(Number),
        sellingPrice: invoiceItems.sellingPrice,
        suggestedRetailPrice: invoiceItems.suggestedRetailPrice,
        damagedGood: invoiceItems.damagedGood,
      })
      .from(invoiceItems)
      .leftJoin(products, eq(products.id, invoiceItems.productId))
      .where(eq(invoiceItems.invoiceId, invoiceId))
      .orderBy(asc(invoiceItems.id));
  },
};
