import { INVOICE_MESSAGES, lineSubtotal, type RepriceLine, toDollars } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { lockInvoice } from '../ledger/invoice-totals.js';
import { invoiceItemTrail, invoiceItemsRepository as items } from './invoice-items.repository.js';
import { linePricesForMany, recomputed } from './invoice-lines.service.js';
import { invoicesRepository } from './invoices.repository.js';

/**
 * Re-pricing a draft after its customer changed (docs/business-rules.md, "Re-pricing a draft after its customer changed"): each line
 * is compared with what adding its product now would price it at for the invoice's customer (the
 * one pricing rule, linePricesFor / linePricesForMany); the clerk sees the differences and chooses. Lines of products
 * deleted since, and prices set by hand that equal the customer's, are left as they are.
 */
export function createInvoiceRepriceService({ db }: AppContext) {
  /** The draft's lines whose selling price differs from the customer's price today, with the new prices. */
  async function differences(tx: Tx, invoiceId: number, priceGroupId: number) {
    const lines = await items.ofInvoice(tx, invoiceId);
    const priced = await linePricesForMany(
      tx,
      priceGroupId,
      lines.flatMap((l) => (l.productID ? [l.productID] : [])),
    );
    const found = [];
    for (const line of lines) {
      const prices = line.productID ? priced.get(line.productID)?.prices : undefined;
      if (prices && prices.sellingPrice !== line.sellingPrice) found.push({ line, prices });
    }
    return found;
  }

  const toLine = ({ line, prices }: Awaited<ReturnType<typeof differences>>[number]): RepriceLine => ({
    lineID: line.id,
    productName: line.productName,
    quantity: line.quantity,
    from: toDollars(line.sellingPrice),
    to: toDollars(prices.sellingPrice),
    change: toDollars(lineSubtotal(line.quantity, prices.sellingPrice) - line.subtotal),
  });

  return {
    /** What re-pricing would change (404 for an unknown invoice). */
    async preview(invoiceId: number) {
      const invoice = await invoicesRepository.find(db, invoiceId);
      if (!invoice) throw new NotFoundError(INVOICE_MESSAGES.notFound);
      const lines = (await differences(db, invoiceId, invoice.priceGroupID)).map(toLine);
      const change = toDollars(lines.reduce((sum, l) => sum + Math.round(l.change * 100), 0));
      return { customer: invoice.customer, lines, change };
    },

    /** Re-prices the given lines (all that differ when none are given), under the invoice's lock; audited per line. */
    async reprice(invoiceId: number, lineIds: number[] | undefined, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lockInvoice(tx, invoiceId);
        const invoice = (await invoicesRepository.find(tx, invoiceId))!;
        if (invoice.status !== 'NEW') throw new ConflictError(INVOICE_MESSAGES.repriceNotDraft);
        const wanted = lineIds ? new Set(lineIds) : undefined;
        const chosen = (await differences(tx, invoiceId, invoice.priceGroupID)).filter(
          (d) => !wanted || wanted.has(d.line.id),
        );
        for (const { line, prices } of chosen) {
          const after = await items.update(tx, line.id, {
            sellingPrice: prices.sellingPrice,
            suggestedRetailPrice: prices.suggestedRetailPrice,
            subtotal: lineSubtotal(line.quantity, prices.sellingPrice),
          });
          await invoiceItemTrail.update(tx, user.id, line.id, line, after);
        }
        return { repriced: chosen.length, ...(await recomputed(tx, invoiceId)) };
      });
    },
  };
}
