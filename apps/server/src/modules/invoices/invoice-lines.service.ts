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
import type { Db, Tx } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { assertLineFits, invoicePayments, lockInvoice, storeTotals } from '../ledger/invoice-totals.js';
import { priceGroupsRepository } from '../price-groups/price-groups.repository.js';
import { productsRepository } from '../products/products.repository.js';
import { checkCreditLimit } from '../receivables/credit-limit.js';
import {
  type InvoiceItemRow,
  invoiceItemTrail,
  invoiceItemsRepository as items,
  toInvoiceItem,
  toPriceHistoryEntry,
} from './invoice-items.repository.js';
import { type InvoiceRow, invoicesRepository, toInvoice, toInvoiceTotals } from './invoices.repository.js';

/** What a line change left: the invoice's totals and header, so a screen updates from the answer alone. */
function answer({ totals, invoice }: Awaited<ReturnType<typeof storeTotals<InvoiceRow>>>) {
  return { invoiceTotals: toInvoiceTotals(totals), invoice: toInvoice(invoice) };
}
/** Recomputes the invoice after a line change (under its lock) and answers it with its new totals. */
async function recomputeWithInvoice(tx: Tx, invoiceId: number) {
  const head = (await invoicesRepository.find(tx, invoiceId))!;
  const lines = await items.ofInvoice(tx, invoiceId);
  return storeTotals(tx, head, lines, await invoicePayments(tx, invoiceId));
}
/** Recomputes the invoice after a line change and answers what it left. */
export const recomputed = async (tx: Tx, invoiceId: number) => answer(await recomputeWithInvoice(tx, invoiceId));

/**
 * A new line's prices for a product on an invoice of a customer in `priceGroupId`
 * (docs/business-rules.md, "Price resolution"): the one place a line is priced, for a
 * scan or typed product (add) and for a copied invoice (invoice-copy.service.ts).
 */
export async function linePricesFor(
  tx: Tx,
  priceGroupId: number,
  product: Parameters<typeof resolveLinePrices>[0] & { id: number },
) {
  const group = usesGroupPrices(priceGroupId)
    ? await priceGroupsRepository.groupPrice(tx, priceGroupId, product.id)
    : undefined;
  return resolveLinePrices(product, priceGroupId, group);
}

/**
 * `linePricesFor` for many products in two statements (the products, the group's prices): each
 * product that exists and is not deleted, with its line prices; the others are absent. Copying
 * and re-pricing an invoice price all its lines this way.
 */
export async function linePricesForMany(tx: Tx, priceGroupId: number, productIds: number[]) {
  const ids = [...new Set(productIds)];
  const [found, group] = await Promise.all([
    productsRepository.activeByIds(tx, ids),
    usesGroupPrices(priceGroupId) ? priceGroupsRepository.groupPrices(tx, priceGroupId, ids) : [],
  ]);
  const groupPrices = new Map(group.map((g) => [g.productId, g]));
  return new Map(
    found.map((product) => [
      product.id,
      { product, prices: resolveLinePrices(product, priceGroupId, groupPrices.get(product.id)) },
    ]),
  );
}

/** The product a line is for: by id, or the one product scanned text names (404 none, 409 several). */
async function productFor(db: Db, input: InvoiceInsertInput) {
  if (input.productID !== undefined) {
    const product = await productsRepository.get(db, input.productID);
    if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
    return { product, byBox: false };
  }
  const text = input.lookup!.trim();
  const matches = await productsRepository.matchScan(db, text);
  if (matches.length === 0) throw new NotFoundError(`${INVOICE_MESSAGES.noMatch} "${text}"`);
  if (matches.length > 1) throw new ConflictError(INVOICE_MESSAGES.manyMatches);
  return matches[0];
}

/** Invoice lines: each change runs under the invoice's lock, recomputes its totals and answers them. */
export function createInvoiceLinesService({ db, kind }: AppContext) {
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

    /**
     * Adds a line (or grows the merged one), priced for the customer (docs/business-rules.md).
     * The scan holds the invoice's lock over as few round trips as it can: the product is looked
     * up on the pool before (PostgreSQL: while the transaction starts), the lines are read once
     * (the merge candidate is found among them), the line is written with RETURNING, and the
     * totals are computed from those lines (all of them: the lock keeps them as read) and stored.
     * A missing invoice still answers 404 before the product's 404 or 409.
     */
    async add(input: InvoiceInsertInput, user: AuthUser) {
      const lookup = productFor(db, input).then(
        (found) => ({ found }),
        (error: unknown) => ({ error }),
      );
      // PGlite has one connection, which the transaction holds: look up first.
      if (kind === 'pglite') await lookup;
      return db.transaction(async (tx) => {
        await lockInvoice(tx, input.invoiceID);
        const head = await invoicesRepository.find(tx, input.invoiceID);
        const lines = await items.ofInvoice(tx, input.invoiceID);
        const payments = await invoicePayments(tx, input.invoiceID);
        const invoice = head!;
        const looked = await lookup;
        if ('error' in looked) throw looked.error;
        const { product, byBox } = looked.found;
        const prices = await linePricesFor(tx, invoice.priceGroupID, product);
        const quantity = scannedQuantity(byBox, product.unitQuantity);
        // A repeated scan grows the product's first positive-quantity line.
        const merge =
          invoice.mergeInvoiceItems === 1 ? lines.find((l) => l.productID === product.id && l.quantity > 0) : undefined;
        let item: InvoiceItemRow;
        if (merge) {
          const q = merge.quantity + quantity;
          assertLineFits({ ...merge, quantity: q });
          item = await items.update(tx, merge.id, { quantity: q, subtotal: lineSubtotal(q, merge.sellingPrice) });
        } else {
          assertLineFits({ ...prices, quantity });
          item = await items.insert(tx, {
            invoiceId: invoice.id,
            productId: product.id,
            productName: product.name,
            barcode: product.barcode,
            ...prices,
            quantity,
            subtotal: lineSubtotal(quantity, prices.sellingPrice),
          });
        }
        const after = merge ? lines.map((l) => (l.id === item.id ? item : l)) : [...lines, item];
        const stored = await storeTotals(tx, invoice, after, payments);
        await checkCreditLimit(tx, invoice, stored.invoice, input.confirmCreditLimit, user);
        const change = answer(stored);
        if (merge) await invoiceItemTrail.update(tx, user.id, item.id, merge, item);
        else await invoiceItemTrail.create(tx, user.id, item.id, item);
        return { invoiceItem: toInvoiceItem(item), ...change };
      });
    },

    async update(input: InvoiceItemUpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const standing = await lockInvoice(tx, input.invoiceID);
        const before = await items.find(tx, input.id);
        if (!before || before.invoiceID !== input.invoiceID) throw new NotFoundError(INVOICE_MESSAGES.itemNotFound);
        if (input.damagedGood && input.quantity >= 0)
          throw new ValidationError(INVOICE_MESSAGES.damagedNeedsReturn, 'damagedGood');
        const sellingPrice = input.sellingPrice === undefined ? before.sellingPrice : toCents(input.sellingPrice);
        const suggestedRetailPrice =
          input.suggestedRetailPrice === undefined ? before.suggestedRetailPrice : toCents(input.suggestedRetailPrice);
        assertLineFits({ quantity: input.quantity, sellingPrice, suggestedRetailPrice, costPrice: before.costPrice });
        const after = await items.update(tx, input.id, {
          quantity: input.quantity,
          sellingPrice,
          suggestedRetailPrice,
          subtotal: lineSubtotal(input.quantity, sellingPrice),
          // Damaged only on a return; cleared when the quantity is no longer negative.
          damagedGood: input.quantity < 0 ? (input.damagedGood ?? before.damagedGood) : false,
        });
        const stored = await recomputeWithInvoice(tx, input.invoiceID);
        await checkCreditLimit(tx, standing, stored.invoice, input.confirmCreditLimit, user);
        const change = answer(stored);
        await invoiceItemTrail.update(tx, user.id, input.id, before, after);
        return { invoiceItem: toInvoiceItem(after), ...change };
      });
    },

    async remove(id: number, user: AuthUser) {
      const item = await itemOf(db, id);
      const change = await db.transaction(async (tx) => {
        await lockInvoice(tx, item.invoiceID);
        const current = await itemOf(tx, id);
        await items.remove(tx, id);
        await invoiceItemTrail.delete(tx, user.id, id, current);
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
