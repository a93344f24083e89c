/**
 * Invoice arithmetic (docs/business-rules.md, "Invoice totals", "Payments").
 * Everything is integer cents; quantities are integers, so no value here
 * needs rounding.
 */
export type InvoiceStatus = 'NEW' | 'DUE' | 'PAID' | 'REFUND';

export interface TotalsLine {
  quantity: number;
  sellingPrice: number;
  suggestedRetailPrice: number;
}

export interface TotalsPayment {
  amountPaid: number;
  discountRedeemed: number;
  awardPointsRedeemed: number;
}

export interface InvoiceTotalsCents {
  total: number;
  amountCredited: number;
  paid: number;
  discountRedeemed: number;
  awardPointsRedeemed: number;
  balance: number;
  totalSuggested: number;
  suggestedCredited: number;
  suggestedBalance: number;
  totalSuggestedProfit: number;
}

/** subtotal = quantity × sellingPrice (negative for returns). */
export function lineSubtotal(quantity: number, sellingPriceCents: number): number {
  return quantity * sellingPriceCents;
}

export function computeInvoiceTotals(
  lines: TotalsLine[],
  payments: TotalsPayment[],
  header: { discountRedeemed: number; awardPointsRedeemed: number } = { discountRedeemed: 0, awardPointsRedeemed: 0 },
): InvoiceTotalsCents {
  let total = 0;
  let amountCredited = 0;
  let totalSuggested = 0;
  let suggestedCredited = 0;
  for (const l of lines) {
    if (l.quantity > 0) {
      total += lineSubtotal(l.quantity, l.sellingPrice);
      totalSuggested += l.quantity * l.suggestedRetailPrice;
    } else if (l.quantity < 0) {
      amountCredited += Math.abs(lineSubtotal(l.quantity, l.sellingPrice));
      suggestedCredited += Math.abs(l.quantity * l.suggestedRetailPrice);
    }
  }
  const paid = payments.reduce((s, p) => s + p.amountPaid, 0);
  const discountRedeemed = header.discountRedeemed + payments.reduce((s, p) => s + p.discountRedeemed, 0);
  const awardPointsRedeemed = header.awardPointsRedeemed + payments.reduce((s, p) => s + p.awardPointsRedeemed, 0);
  const balance = total - amountCredited - discountRedeemed - paid;
  const suggestedBalance = totalSuggested - suggestedCredited;
  return {
    total,
    amountCredited,
    paid,
    discountRedeemed,
    awardPointsRedeemed,
    balance,
    totalSuggested,
    suggestedCredited,
    suggestedBalance,
    totalSuggestedProfit: suggestedBalance - (total - amountCredited),
  };
}

/** After Submit: balance > 0 → DUE, = 0 → PAID, < 0 → REFUND. */
export function settledStatus(balanceCents: number): Exclude<InvoiceStatus, 'NEW'> {
  if (balanceCents > 0) return 'DUE';
  if (balanceCents < 0) return 'REFUND';
  return 'PAID';
}

/** A payment's amountDue: the balance before it, less what it pays and discounts. */
export function paymentAmountDue(balanceBeforeCents: number, amountPaidCents: number, discountCents: number): number {
  return balanceBeforeCents - amountPaidCents - discountCents;
}
