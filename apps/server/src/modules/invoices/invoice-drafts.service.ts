import { HOUSE_BILLER_ID } from '@wd/contracts';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { invoicePayments, lockInvoice } from '../ledger/invoice-totals.js';
import { invoiceDeletionTrail } from './invoice-deletion.js';
import { invoiceItemsRepository } from './invoice-items.repository.js';
import { type InvoiceRow, invoicesRepository as repo } from './invoices.repository.js';

/**
 * A draft nobody touched: still NEW, walk-in, house biller, no text, no
 * header redemption, no flag, and (checked by the caller) no line and no payment.
 */
function untouchedHeader(row: InvoiceRow) {
  return (
    row.status === 'NEW' &&
    row.customerID === 0 &&
    row.billerID === HOUSE_BILLER_ID &&
    row.remarks === '' &&
    row.notes === '' &&
    row.headerDiscount === 0 &&
    row.headerAwardPoints === 0 &&
    row.showSuggestedAnalysis === 0 &&
    row.showIndividualMargin === 0 &&
    row.showDamagedGoods === 0 &&
    row.mergeInvoiceItems === 0
  );
}

/** The empty drafts that opening New Invoice creates (docs/business-rules.md, "Invoice states"). */
export function createInvoiceDraftsService({ db }: AppContext) {
  return {
    /**
     * Removes the invoice only when it is an untouched draft, decided here
     * under the invoice's lock (a change racing it either lands first and
     * keeps the draft, or finds it gone). The audit log keeps what was
     * removed; the invoice number is not given back.
     */
    async discard(id: number, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lockInvoice(tx, id);
        const head = await repo.find(tx, id);
        const lines = await invoiceItemsRepository.ofInvoice(tx, id);
        const payments = await invoicePayments(tx, id);
        if (!head || !untouchedHeader(head) || lines.length > 0 || payments.length > 0) return { discarded: false };
        await repo.remove(tx, id);
        await invoiceDeletionTrail.delete(tx, user.id, id, { invoice: head, lines, payments, draft: true });
        return { discarded: true };
      });
    },
  };
}
