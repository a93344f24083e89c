import { allocateOldestFirst, allocationProblem, type OpenInvoiceRow, toCents, toDollars } from '@wd/contracts';

/**
 * The Receive Payment form's arithmetic, on the same rules the server checks
 * (contracts rules/receivables.ts): the amount filled into the open invoices
 * oldest first, and what a split leaves over or why it may not be saved.
 */

/** Dollars per invoice id: the amount spread oldest first, each invoice up to its open balance. */
export function fillOldestFirst(amount: number, invoices: readonly OpenInvoiceRow[]): Record<number, number> {
  const { shares } = allocateOldestFirst(
    Math.max(0, toCents(amount)),
    invoices.map((i) => ({ id: i.id, date: i.date, balanceCents: toCents(i.balance) })),
  );
  return Object.fromEntries(shares.map((s) => [s.id, toDollars(s.cents)]));
}

/** The remainder of a split (dollars; negative when over-allocated) and why it may not be saved, if it may not. */
export function splitState(
  amount: number,
  invoices: readonly OpenInvoiceRow[],
  shares: Record<number, number>,
  creditOnAccount: boolean,
) {
  const cents = invoices.map((i) => ({ id: i.id, cents: toCents(shares[i.id] ?? 0) }));
  const allocated = cents.reduce((sum, s) => sum + s.cents, 0);
  const problem = allocationProblem(
    toCents(amount),
    cents.filter((s) => s.cents > 0),
    invoices.map((i) => ({ id: i.id, date: i.date, balanceCents: toCents(i.balance) })),
    creditOnAccount,
  );
  return { allocated: toDollars(allocated), remainder: toDollars(toCents(amount) - allocated), problem };
}
