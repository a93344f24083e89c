import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, lineSubtotal, paymentAmountDue, settledStatus } from './invoice-totals.js';

const line = (quantity: number, sellingPrice: number, suggestedRetailPrice = 0) => ({
  quantity,
  sellingPrice,
  suggestedRetailPrice,
});
const pay = (amountPaid: number, discountRedeemed = 0, awardPointsRedeemed = 0) => ({
  amountPaid,
  discountRedeemed,
  awardPointsRedeemed,
});

describe('invoice totals (cents)', () => {
  it('sums sales, credits returns, and takes payments and discounts from the balance', () => {
    const t = computeInvoiceTotals([line(3, 199, 299), line(2, 1050, 1599), line(-1, 199, 299)], [pay(1000, 50)], {
      discountRedeemed: 25,
      awardPointsRedeemed: 0,
    });
    expect(t.total).toBe(3 * 199 + 2 * 1050); // 2697
    expect(t.amountCredited).toBe(199);
    expect(t.paid).toBe(1000);
    expect(t.discountRedeemed).toBe(75);
    expect(t.balance).toBe(2697 - 199 - 75 - 1000);
    expect(t.totalSuggested).toBe(3 * 299 + 2 * 1599);
    expect(t.suggestedCredited).toBe(299);
    expect(t.suggestedBalance).toBe(3 * 299 + 2 * 1599 - 299);
    expect(t.totalSuggestedProfit).toBe(t.suggestedBalance - (2697 - 199));
  });

  it('returns only: a negative balance (money owed back)', () => {
    const t = computeInvoiceTotals([line(-2, 500)], []);
    expect(t).toMatchObject({ total: 0, amountCredited: 1000, balance: -1000 });
    expect(settledStatus(t.balance)).toBe('REFUND');
  });

  it('overpayment makes REFUND, exact payment PAID, short payment DUE', () => {
    const lines = [line(1, 1000)];
    expect(settledStatus(computeInvoiceTotals(lines, [pay(1200)]).balance)).toBe('REFUND');
    expect(settledStatus(computeInvoiceTotals(lines, [pay(900, 100)]).balance)).toBe('PAID');
    expect(settledStatus(computeInvoiceTotals(lines, [pay(999)]).balance)).toBe('DUE');
  });

  it('ignores zero-quantity lines and an empty invoice is PAID at zero', () => {
    const t = computeInvoiceTotals([line(0, 999)], []);
    expect(t.balance).toBe(0);
    expect(settledStatus(0)).toBe('PAID');
  });

  it('stays exact in cents where dollars as floats would drift', () => {
    // 0.10 + 0.20 in floats is 0.30000000000000004; ten lines of $0.10 and $0.20.
    const lines = Array.from({ length: 10 }, (_, i) => line(1, i % 2 ? 10 : 20));
    expect(computeInvoiceTotals(lines, []).total).toBe(150);
    expect(lineSubtotal(-3, 333)).toBe(-999);
  });

  it("a payment's amountDue is the balance before it less amount and discount", () => {
    expect(paymentAmountDue(10000, 6000, 500)).toBe(3500);
    expect(paymentAmountDue(1000, 1500, 0)).toBe(-500);
  });
});
