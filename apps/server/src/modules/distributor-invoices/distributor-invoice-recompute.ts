import { DISTRIBUTOR_INVOICE_MESSAGES, settledStatus } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { assertMoneyFits, NotFoundError } from '../../lib/errors.js';
import { paymentsRepository } from '../payments/payments.repository.js';
import { distributorInvoicesRepository as repo } from './distributor-invoices.repository.js';

/** Locks the supplier invoice row (404 when there is none). */
export async function lockDistributorInvoice(tx: Tx, id: number) {
  const row = await repo.lock(tx, id);
  if (!row) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.notFound);
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
 */
export async function recomputeDistributorInvoice(tx: Tx, id: number) {
  const head = await repo.find(tx, id);
  const payments = await paymentsRepository.ofInvoice(tx, 'supplier', id);
  if (!head) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.notFound);
  const paid = payments.reduce((s, p) => s + p.amountPaid, 0);
  const amountDue = head.amountPurchase - paid;
  assertMoneyFits("The supplier invoice's", { amountPaid: paid, amountDue });
  const status = settledStatus(amountDue);
  const datePaid = status === 'PAID' ? datePaidOf(head.amountPurchase, payments) : null;
  await repo.update(tx, id, { amountPaid: paid, amountDue, status, datePaid });
}
