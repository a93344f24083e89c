import {
  computeInvoiceTotals,
  INVOICE_MESSAGES,
  lineSubtotal,
  settledStatus,
  type TotalsLine,
  type TotalsPayment,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { assertMoneyFits, NotFoundError } from '../../lib/errors.js';
import { type InvoiceHead, ledgerRepository as repo } from './ledger.repository.js';

/**
 * An invoice's stored totals are a function of its lines and payments (the
 * rule is computeInvoiceTotals in contracts; docs/business-rules.md, "Invoice
 * totals"). Every change to an invoice, its lines or its payments takes the
 * invoice's lock first and stores the recomputed totals in the same
 * transaction, so the totals always equal a recomputation from the rows.
 */

/** Locks the invoice row (404 when there is none) and answers what its totals depend on. */
export async function lockInvoice(tx: Tx, id: number): Promise<InvoiceHead> {
  const row = await repo.invoiceHead(tx, id, true);
  if (!row) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  return row;
}

/** The invoice's customer payments as stored (cents), oldest first. */
export const invoicePayments = (tx: Tx, invoiceId: number) => repo.paymentsOf(tx, 'customer', invoiceId);

/** The invoice's lines and payments as the totals rule takes them (cents). */
export async function invoiceParts(tx: Tx, invoiceId: number) {
  // One after the other: inside a transaction the statements share one connection anyway.
  const lines = await repo.linesOf(tx, invoiceId);
  const payments = await invoicePayments(tx, invoiceId);
  return { lines, payments };
}

/** Recomputes and stores the invoice's totals from its lines and payments as they stand in this transaction. */
export async function recomputeInvoice(tx: Tx, invoiceId: number) {
  const head = await repo.invoiceHead(tx, invoiceId);
  if (!head) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  const { lines, payments } = await invoiceParts(tx, invoiceId);
  return (await storeTotals(tx, head, lines, payments)).totals;
}

/**
 * A line as the stored totals take it: what the totals rule reads, and the cost price and damaged
 * flag that the kept line sums (storedLineSums) read too.
 */
export type StoredLine = TotalsLine & { costPrice: number; damagedGood: boolean };

/** The totals fields of an invoice read under its lock (cents). */
type TotalsHead = Pick<InvoiceHead, 'id' | 'status' | 'headerDiscount' | 'headerAwardPoints'>;

/**
 * Stores the totals of the invoice's lines and payments (all of them, as they
 * stand in this transaction, under the invoice's lock) and settles the status
 * unless the invoice is NEW. Answers the totals and `head` (read under the
 * lock) with the stored values, as a read after the write would answer it.
 */
export async function storeTotals<H extends TotalsHead>(
  tx: Tx,
  head: H,
  lines: StoredLine[],
  payments: TotalsPayment[],
) {
  const totals = computeInvoiceTotals(lines, payments, {
    discountRedeemed: head.headerDiscount,
    awardPointsRedeemed: head.headerAwardPoints,
  });
  const stored = storedTotals(totals);
  // Checked before the write: the transaction then rolls back with a 400 naming the amount.
  assertMoneyFits("The invoice's", stored);
  const values = {
    ...stored,
    ...storedLineSums(lines),
    ...(head.status === 'NEW' ? {} : { status: settledStatus(totals.balance) }),
  };
  await repo.storeInvoiceTotals(tx, head.id, values);
  return { totals, invoice: { ...head, ...values } as H };
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

/**
 * The sums of its lines an invoice keeps for the reports (migration 0070), in cents, as the
 * reports define them per invoice: cost is quantity × cost price and selling the subtotals, both
 * over the lines not damaged (sales less resellable returns); resellable and damaged are the
 * credits of the returns of each kind; units sold are the quantities of the sale lines (quantity
 * > 0, not damaged), the dashboard's. The demo data writes them the same way.
 */
export function storedLineSums(lines: StoredLine[]) {
  let linesCost = 0;
  let linesSelling = 0;
  let linesResellable = 0;
  let linesDamaged = 0;
  let linesUnitsSold = 0;
  for (const line of lines) {
    const subtotal = lineSubtotal(line.quantity, line.sellingPrice);
    if (line.damagedGood) {
      linesDamaged -= subtotal;
    } else {
      linesCost += line.quantity * line.costPrice;
      linesSelling += subtotal;
      if (line.quantity < 0) linesResellable -= subtotal;
      if (line.quantity > 0) linesUnitsSold += line.quantity;
    }
  }
  return { linesCost, linesSelling, linesResellable, linesDamaged, linesUnitsSold };
}
