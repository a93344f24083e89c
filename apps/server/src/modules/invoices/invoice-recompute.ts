import {
  computeInvoiceTotals,
  INVOICE_MESSAGES,
  settledStatus,
  type TotalsLine,
  type TotalsPayment,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { assertMoneyFits, NotFoundError } from '../../lib/errors.js';
import { paymentsRepository } from '../payments/payments.repository.js';
import { invoiceItemsRepository } from './invoice-items.repository.js';
import { type InvoiceRow, invoicesRepository as repo } from './invoices.repository.js';

/** Locks the invoice row (404 when there is none): every change to an invoice, its lines or payments starts here. */
export async function lockInvoice(tx: Tx, id: number) {
  const row = await repo.lock(tx, id);
  if (!row) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  return row;
}

/** The lines and payments of an invoice (cents), as the totals rule takes them. */
export async function invoiceParts(tx: Tx, invoiceId: number) {
  // One after the other: inside a transaction the statements share one connection anyway.
  const lines = await invoiceItemsRepository.ofInvoice(tx, invoiceId);
  const payments = await paymentsRepository.ofInvoice(tx, 'customer', invoiceId);
  return { lines, payments };
}

/**
 * Recomputes the stored totals from the lines and payments (the one rule, in
 * contracts; docs/business-rules.md, "Invoice totals") and settles the status
 * unless the invoice is NEW. Called inside the transaction that changed them,
 * under the invoice's lock.
 */
export async function recomputeInvoice(tx: Tx, invoiceId: number) {
  return (await recomputeWithInvoice(tx, invoiceId)).totals;
}

/** recomputeInvoice, answering the invoice as it now stands as well. */
export async function recomputeWithInvoice(tx: Tx, invoiceId: number) {
  const { lines, payments } = await invoiceParts(tx, invoiceId);
  const head = await repo.find(tx, invoiceId);
  if (!head) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  return storeTotals(tx, head, lines, payments);
}

/**
 * Stores the totals of the invoice's lines and payments (all of them, as they
 * stand in this transaction, under the invoice's lock) and answers them with
 * the invoice: `head` (read under the lock) with the new totals and status, as
 * a read after the write would answer it.
 */
export async function storeTotals(tx: Tx, head: InvoiceRow, lines: TotalsLine[], payments: TotalsPayment[]) {
  const totals = computeInvoiceTotals(lines, payments, {
    discountRedeemed: head.headerDiscount,
    awardPointsRedeemed: head.headerAwardPoints,
  });
  const stored = storedTotals(totals);
  // Checked before the write: the transaction then rolls back with a 400 naming the amount.
  assertMoneyFits("The invoice's", stored);
  const values = {
    ...stored,
    ...(head.status === 'NEW' ? {} : { status: settledStatus(totals.balance) }),
  };
  await repo.update(tx, head.id, values);
  return { totals, invoice: { ...head, ...values } as InvoiceRow };
}

/**
 * Refuses a line whose quantity × price (selling, cost or suggested retail) a
 * money column cannot hold: its subtotal is stored, and the reports multiply
 * quantity by cost per line (docs/business-rules.md, "Money, numbers, dates").
 */
export function assertLineFits(line: TotalsLine & { costPrice: number }) {
  assertMoneyFits(
    "This line's quantity ×",
    {
      sellingPrice: line.quantity * line.sellingPrice,
      costPrice: line.quantity * line.costPrice,
      suggestedRetailPrice: line.quantity * line.suggestedRetailPrice,
    },
    'quantity',
  );
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
