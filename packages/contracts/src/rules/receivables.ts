import { daysBetween } from '../common/dates.js';

/**
 * Receivables arithmetic (docs/receivables.md): how one receipt is split
 * over a customer's open invoices and which aging bucket an open balance
 * falls in. Money is integer cents here; the edges convert.
 */

/** An open invoice a receipt can pay: its id, date (YYYY-MM-DD) and open balance in cents. */
export interface OpenInvoice {
  id: number;
  date: string;
  balanceCents: number;
}

export interface Allocation {
  /** Cents allocated to each invoice, in the order of `invoices` (0 where none). */
  shares: { id: number; cents: number }[];
  /** Cents left over after every share (> 0 only when the receipt is more than the open balances). */
  remainderCents: number;
}

/** Oldest first: by date, then by id (the order they were raised). */
export function oldestFirst<T extends { id: number; date: string }>(invoices: readonly T[]): T[] {
  return [...invoices].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
}

/**
 * Fills the open invoices oldest first with the receipt's amount: each takes
 * up to its open balance until the amount is spent. Whole cents throughout,
 * so the shares and the remainder always add up to the amount exactly.
 */
export function allocateOldestFirst(amountCents: number, invoices: readonly OpenInvoice[]): Allocation {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError('The amount must be whole cents, not negative');
  }
  let left = amountCents;
  const byAge = oldestFirst(invoices);
  const cents = new Map<number, number>();
  for (const invoice of byAge) {
    const share = Math.max(0, Math.min(left, invoice.balanceCents));
    cents.set(invoice.id, share);
    left -= share;
  }
  return { shares: byAge.map((i) => ({ id: i.id, cents: cents.get(i.id) ?? 0 })), remainderCents: left };
}

/** The amount minus the shares: what a hand-made split leaves unallocated (negative when over-allocated). */
export function unallocatedCents(amountCents: number, shares: readonly { cents: number }[]): number {
  return amountCents - shares.reduce((sum, s) => sum + s.cents, 0);
}

/** Why a split may not be saved, or undefined when it may. */
export function allocationProblem(
  amountCents: number,
  shares: readonly { id: number; cents: number }[],
  invoices: readonly OpenInvoice[],
  creditOnAccount: boolean,
): string | undefined {
  if (amountCents <= 0) return 'The amount must be more than $0.00';
  const open = new Map(invoices.map((i) => [i.id, i.balanceCents]));
  for (const share of shares) {
    if (share.cents < 0) return 'An invoice share may not be negative';
    const balance = open.get(share.id);
    if (balance === undefined) return 'An invoice in the split is not open for this customer';
    if (share.cents > balance) return 'An invoice share is more than its open balance';
  }
  const rest = unallocatedCents(amountCents, shares);
  if (rest < 0) return 'The shares add up to more than the amount';
  if (rest > 0 && !creditOnAccount) return 'Allocate the whole amount, or mark the remainder as credit on account';
  if (shares.every((s) => s.cents === 0) && !creditOnAccount) return 'Allocate the amount to at least one invoice';
  return undefined;
}

export const AGING_BUCKETS = ['0-30', '31-60', '61-90', 'over 90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/**
 * The bucket of an invoice dated `date` as of `asOf`: 0–30 days, 31–60,
 * 61–90, over 90. An invoice dated after `asOf` is not open yet (undefined).
 */
export function agingBucket(date: string, asOf: string): AgingBucket | undefined {
  const days = daysBetween(date, asOf);
  if (days < 0) return undefined;
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return 'over 90';
}

/** An invoice or a payment of the statement's period, in cents, before the running balance is added. */
export interface StatementMovement {
  date: string;
  kind: 'invoice' | 'payment';
  /** Orders entries of one date and kind (the row id). */
  id: number;
  reference: string;
  invoiceNo: string;
  invoiceId: number;
  charge: number;
  credit: number;
}

/**
 * The statement's entries in date order (on one date invoices before
 * payments, then as they were made), each with the balance after it, starting
 * from the opening balance. Whole cents throughout.
 */
export function statementEntries(openingCents: number, movements: readonly StatementMovement[]) {
  const order = { invoice: 0, payment: 1 };
  const sorted = [...movements].sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : order[a.kind] - order[b.kind] || a.id - b.id,
  );
  let balance = openingCents;
  let charges = 0;
  let credits = 0;
  const entries = sorted.map((m) => {
    balance += m.charge - m.credit;
    charges += m.charge;
    credits += m.credit;
    return { ...m, balance };
  });
  return { entries, totalCharges: charges, totalCredits: credits, closingBalance: balance };
}
