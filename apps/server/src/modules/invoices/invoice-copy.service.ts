import { INVOICE_MESSAGES, lineSubtotal, todayIn } from '@wd/contracts';
import type { invoiceItems } from '../../db/schema/index.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError } from '../../lib/errors.js';
import { billersRepository } from '../billers/billers.repository.js';
import { customersRepository } from '../customers/customers.repository.js';
import { assertLineFits, lockInvoice, storeTotals } from '../ledger/invoice-totals.js';
import { invoiceItemTrail, invoiceItemsRepository as items } from './invoice-items.repository.js';
import { linePricesForMany } from './invoice-lines.service.js';
import { type InvoiceRow, invoicesRepository as repo, toInvoice } from './invoices.repository.js';

/** A copy's audit entry: the new invoice as the API answers it, and the invoice it was copied from. */
const invoiceCopyTrail = auditTrail('invoice', (c: { invoice: InvoiceRow; source: InvoiceRow; skipped: string[] }) => ({
  ...toInvoice(c.invoice),
  copiedFromID: c.source.id,
  copiedFrom: c.source.invoiceNo,
  ...(c.skipped.length > 0 ? { skipped: c.skipped.join(', ') } : {}),
}));

/**
 * Copy to new invoice (docs/business-rules.md, "Copying an invoice"): a store's standing
 * order made again. One transaction: the source is read under its lock, the new draft is
 * created, its lines are priced as a scan would price them today and written, the totals
 * are stored from those lines, and the invoice and each line are audited.
 */
export function createInvoiceCopyService({ db, config }: AppContext) {
  return {
    async copy(id: number, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lockInvoice(tx, id);
        const source = (await repo.find(tx, id))!;
        // The copy points at the same parties, which must still be there (as a header change requires).
        const biller = await billersRepository.find(tx, source.billerID);
        if (!biller || biller.deletedAt)
          throw new ConflictError(INVOICE_MESSAGES.copyDeletedParty('biller', source.biller), 'billerID');
        if (source.customerID) {
          const customer = await customersRepository.find(tx, source.customerID);
          if (!customer || customer.deletedAt)
            throw new ConflictError(INVOICE_MESSAGES.copyDeletedParty('customer', source.customer), 'customerID');
        }
        const sourceLines = await items.ofInvoice(tx, id);

        const invoiceNo = await repo.nextInvoiceNo(tx);
        const newId = await repo.insert(tx, {
          invoiceNo,
          type: source.type,
          date: todayIn(config.timeZone),
          billerId: source.billerID,
          customerId: source.customerID || null,
          status: 'NEW',
          consignmentStatus: source.type === 'consignment' ? 'DUE' : null,
          // The notes for the customer and the display flags are the order's; remarks, redemptions and payments are not.
          notes: source.notes,
          showSuggestedAnalysis: source.showSuggestedAnalysis,
          showIndividualMargin: source.showIndividualMargin,
          showDamagedGoods: source.showDamagedGoods,
          mergeInvoiceItems: source.mergeInvoiceItems,
        });
        const head = (await repo.find(tx, newId))!;

        // Each line priced as adding its product today would price it, for the customer's group now.
        const prices = await linePricesForMany(
          tx,
          head.priceGroupID,
          sourceLines.flatMap((l) => (l.productID ? [l.productID] : [])),
        );
        const skipped: string[] = [];
        const rows: (typeof invoiceItems.$inferInsert)[] = [];
        for (const line of sourceLines) {
          const found = line.productID ? prices.get(line.productID) : undefined;
          if (!found) {
            // Deleted since (or removed for good): left out, named once.
            if (!skipped.includes(line.productName)) skipped.push(line.productName);
            continue;
          }
          const priced = { ...found.prices, name: found.product.name, barcode: found.product.barcode };
          const { costPrice, sellingPrice, suggestedRetailPrice } = priced;
          assertLineFits({ costPrice, sellingPrice, suggestedRetailPrice, quantity: line.quantity });
          rows.push({
            invoiceId: newId,
            productId: line.productID,
            productName: priced.name,
            barcode: priced.barcode,
            costPrice,
            sellingPrice,
            suggestedRetailPrice,
            quantity: line.quantity,
            subtotal: lineSubtotal(line.quantity, sellingPrice),
            damagedGood: line.quantity < 0 && line.damagedGood,
          });
        }
        await items.insertMany(tx, rows);
        const lines = await items.ofInvoice(tx, newId);
        const stored = await storeTotals(tx, head, lines, []);

        await invoiceCopyTrail.create(tx, user.id, newId, { invoice: stored.invoice, source, skipped });
        await invoiceItemTrail.write(
          tx,
          user.id,
          'create',
          lines.map((line) => ({ id: line.id, after: line })),
        );
        return { invoice: { id: newId, invoiceNo }, copiedLines: lines.length, skipped };
      });
    },
  };
}
