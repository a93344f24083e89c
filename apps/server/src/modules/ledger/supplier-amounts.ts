import { SUPPLIER_INVOICE_MESSAGES, settledStatus } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { assertMoneyFits, NotFoundError } from '../../lib/errors.js';
import { ledgerRepository as repo } from './ledger.repository.js';

/** Locks the supplier invoice row (404 when there is none): every change to it or its payments starts here. */
export async function lockSupplierInvoice(tx: Tx, id: number) {
  const row = await repo.supplierInvoiceHead(tx, id, true);
  if (!row) throw new NotFoundError(SUPPLIER_INVOICE_MESSAGES.notFound);
  return row;
}

/** The date of the payment that brought the paid sum up to the purchase (payments oldest first); null if none did. */
export function datePaidOf(amountPurchase: number, payments: { date: string; amountPaid: number }[]): string | null {
  let running = 0;
  for (const p of payments) {
    running += p.amountPaid;
    if (running >= amountPurchase) return p.date;
  }
  return null;
}

/**
 * amountPaid = Σ payments; amountDue = purchase − paid; the status from it;
 * datePaid from the paying payment while PAID (docs/business-rules.md).
 * Called under the supplier invoice's lock, in the transaction that changed it.
 */
export async function recomputeSupplierInvoice(tx: Tx, id: number) {
  const head = await repo.supplierInvoiceHead(tx, id);
  if (!head) throw new NotFoundError(SUPPLIER_INVOICE_MESSAGES.notFound);
  const payments = await repo.paymentsOf(tx, 'supplier', id);
  const paid = payments.reduce((s, p) => s + p.amountPaid, 0);
  const amountDue = head.amountPurchase - paid;
  assertMoneyFits("The supplier invoice's", { amountPaid: paid, amountDue });
  const status = settledStatus(amountDue);
  const datePaid = status === 'PAID' ? datePaidOf(head.amountPurchase, payments) : null;
  await repo.storeSupplierInvoiceAmounts(tx, id, { amountPaid: paid, amountDue, status, datePaid });
}

/** A supplier invoice's payments as stored (cents), oldest first. */
export const supplierInvoicePayments = (tx: Tx, id: number) => repo.paymentsOf(tx, 'supplier', id);
