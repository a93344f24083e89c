import {
  INVOICE_MESSAGES,
  type InvoiceInsertInput,
  type InvoiceItemUpdateInput,
  type ListFilter,
  lineSubtotal,
  MESSAGES,
  PRODUCT_MESSAGES,
  resolveLinePrices,
  scannedQuantity,
  toCents,
  usesGroupPrices,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { priceGroupsRepository } from '../price-groups/price-groups.repository.js';
import { productsRepository } from '../products/products.repository.js';
import type { AuthUser } from '../users/users.service.js';
import { invoiceItemsRepository as items, toInvoiceItem, toPriceHistoryEntry } from './invoice-items.repository.js';
import { lockInvoice, recomputeInvoice } from './invoice-recompute.js';
import { invoicesRepository, toInvoice, toInvoiceTotals } from './invoices.repository.js';

/**
 * Recomputes the invoice after a line change and answers what the change left:
 * its totals and header, so a screen updates from the answer alone.
 */
async function recomputed(tx: Tx, invoiceId: number) {
  const totals = await recomputeInvoice(tx, invoiceId);
  const invoice = (await invoicesRepository.find(tx, invoiceId))!;
  return { invoiceTotals: toInvoiceTotals(totals), invoice: toInvoice(invoice) };
}

/** The product a line is for: by id, or the one product scanned text names (404 none, 409 several). */
async function productFor(tx: Tx, input: InvoiceInsertInput) {
  if (input.productID !== undefined) {
    const product = await productsRepository.findById(tx, input.productID);
    if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
    return { product, byBox: false };
  }
  const text = input.lookup!.trim();
  const matches = await productsRepository.matchScan(tx, text);
  if (matches.length === 0) throw new NotFoundError(`${INVOICE_MESSAGES.noMatch} "${text}"`);
  if (matches.length > 1) throw new ConflictError(INVOICE_MESSAGES.manyMatches);
  return matches[0];
}

/** Invoice lines: each change runs under the invoice's lock, recomputes its totals and answers them. */
export function createInvoiceLinesService({ db }: AppContext) {
  const itemOf = async (tx: Tx, id: number) => {
    const item = await items.find(tx, id);
    if (!item) throw new NotFoundError(INVOICE_MESSAGES.itemNotFound);
    return item;
  };

  return {
    async list(invoiceId: number, filter: ListFilter) {
      if (!(await invoicesRepository.find(db, invoiceId))) throw new NotFoundError(INVOICE_MESSAGES.notFound);
      const { rows, totalRows } = await items.list(db, invoiceId, filter);
      return pageResponse('invoiceItems', rows.map(toInvoiceItem), filter, totalRows);
    },

    /** Adds a line (or grows the merged one), priced for the customer (docs/business-rules.md). */
    async add(input: InvoiceInsertInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lockInvoice(tx, input.invoiceID);
        const invoice = (await invoicesRepository.find(tx, input.invoiceID))!;
        const { product, byBox } = await productFor(tx, input);
        const group = usesGroupPrices(invoice.priceGroupID)
          ? await priceGroupsRepository.groupPrice(tx, invoice.priceGroupID, product.id)
          : undefined;
        const prices = resolveLinePrices(product, invoice.priceGroupID, group);
        const quantity = scannedQuantity(byBox, product.unitQuantity);
        const merge =
          invoice.mergeInvoiceItems === 1 ? await items.mergeableLine(tx, invoice.id, product.id) : undefined;
        let itemId: number;
        if (merge) {
          const q = merge.quantity + quantity;
          await items.update(tx, merge.id, { quantity: q, subtotal: lineSubtotal(q, merge.sellingPrice) });
          itemId = merge.id;
        } else {
          itemId = await items.insert(tx, {
            invoiceId: invoice.id,
            productId: product.id,
            productName: product.name,
            barcode: product.barcode,
            ...prices,
            quantity,
            subtotal: lineSubtotal(quantity, prices.sellingPrice),
          });
        }
        const change = await recomputed(tx, invoice.id);
        const item = (await items.find(tx, itemId))!;
        await recordAudit(tx, user.id, 'invoice_item', itemId, merge ? 'update' : 'create', merge ?? null, item);
        return { invoiceItem: toInvoiceItem(item), ...change };
      });
    },

    async update(input: InvoiceItemUpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lockInvoice(tx, input.invoiceID);
        const before = await items.find(tx, input.id);
        if (!before || before.invoiceID !== input.invoiceID) throw new NotFoundError(INVOICE_MESSAGES.itemNotFound);
        if (input.damagedGood && input.quantity >= 0)
          throw new ValidationError(INVOICE_MESSAGES.damagedNeedsReturn, 'damagedGood');
        const sellingPrice = input.sellingPrice === undefined ? before.sellingPrice : toCents(input.sellingPrice);
        await items.update(tx, input.id, {
          quantity: input.quantity,
          sellingPrice,
          suggestedRetailPrice:
            input.suggestedRetailPrice === undefined
              ? before.suggestedRetailPrice
              : toCents(input.suggestedRetailPrice),
          subtotal: lineSubtotal(input.quantity, sellingPrice),
          // Damaged only on a return; cleared when the quantity is no longer negative.
          damagedGood: input.quantity < 0 ? (input.damagedGood ?? before.damagedGood) : false,
        });
        const change = await recomputed(tx, input.invoiceID);
        const after = (await items.find(tx, input.id))!;
        await recordAudit(tx, user.id, 'invoice_item', input.id, 'update', before, after);
        return { invoiceItem: toInvoiceItem(after), ...change };
      });
    },

    async remove(id: number, user: AuthUser) {
      const item = await itemOf(db, id);
      const change = await db.transaction(async (tx) => {
        await lockInvoice(tx, item.invoiceID);
        const current = await itemOf(tx, id);
        await items.remove(tx, id);
        await recordAudit(tx, user.id, 'invoice_item', id, 'delete', current, null);
        return recomputed(tx, item.invoiceID);
      });
      return { message: MESSAGES.deleted, ...change };
    },

    /** A line's product on this customer's earlier invoices (the edit-price popup). */
    async productHistory(itemId: number) {
      const item = await itemOf(db, itemId);
      const invoice = (await invoicesRepository.find(db, item.invoiceID))!;
      const rows = item.productID
        ? await items.productHistory(db, item.productID, invoice.customerID || null, invoice.id)
        : [];
      return { invoiceItem: toInvoiceItem(item), priceHistory: rows.map(toPriceHistoryEntry) };
    },
  };
}
