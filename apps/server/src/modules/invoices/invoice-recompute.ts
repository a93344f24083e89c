import { computeInvoiceTotals, INVOICE_MESSAGES, settledStatus } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { paymentsRepository } from '../payments/payments.repository.js';
import { invoiceItemsRepository } from './invoice-items.repository.js';
import { invoicesRepository as repo } from './invoices.repository.js';

/** Locks the invoice row (404 when there is none): every change to an invoice, its lines or payments starts here. */
export async function lockInvoice(tx: Tx, id: number) {
  const row = await repo.lock(tx, id);
  if (!row) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  return row;
}

/** The lines and payments of an invoice (cents), as the totals rule takes them. */
export async function invoiceParts(tx: Tx, invoiceId: number) {
  const [lines, payments] = await Promise.all([
    invoiceItemsRepository.ofInvoice(tx, invoiceId),
    paymentsRepository.ofInvoice(tx, 'customer', invoiceId),
  ]);
  return { lines, payments };
}

/**
 * Recomputes the stored totals from the lines and payments (the one rule, in
 * contracts; docs/business-rules.md, "Invoice totals") and settles the status
 * unless the invoice is NEW. Called inside the transaction that changed them,
 * under the invoice's lock.
 */
export async function recomputeInvoice(tx: Tx, invoiceId: number) {
  const [{ lines, payments }, head] = await Promise.all([invoiceParts(tx, invoiceId), repo.find(tx, invoiceId)]);
  if (!head) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  const t = computeInvoiceTotals(lines, payments, {
    discountRedeemed: head.headerDiscount,
    awardPointsRedeemed: head.headerAwardPoints,
  });
  await repo.update(tx, invoiceId, {
    ...storedTotals(t),
    ...(head.status === 'NEW' ? {} : { status: settledStatus(t.balance) }),
  });
  return t;
}

/** The invoice columns that hold its computed totals (the demo data writes them the same way). */
export function storedTotals(t: ReturnType<typeof computeInvoiceTotals>) {
  return {
    total: t.total,
    amountCredited: t.amountCredited,
    paid: t.paid,
    discountRedeemed: t.discountRedeemed,
    awardPointsRedeemed: t.awardPointsRedeemed,
    balance: t.balance,
    totalSuggested: t.totalSuggested,
    suggestedCredited: t.suggestedCredited,
  };
}
