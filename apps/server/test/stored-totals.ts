import { computeInvoiceTotals } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../src/db/client.js';
import { invoiceParts, storedLineSums, storedTotals } from '../src/modules/ledger/invoice-totals.js';

/**
 * Every invoice's stored totals (and kept line sums) beside a recomputation from its lines and payments by the
 * contracts' rule, in id order: the check the crash test and the many-writers bench make after
 * their load (the two must be equal for every invoice).
 */
export async function storedBesideRecomputed(db: Tx) {
  const result = await db.execute(sql`select id, header_discount, header_award_points, total, amount_credited, paid,
    discount_redeemed, award_points_redeemed, balance, total_suggested, suggested_credited, lines_cost::int,
    lines_selling::int, lines_resellable::int, lines_damaged::int, lines_units_sold::int from invoices order by id`);
  const heads = (result as unknown as { rows: Record<string, number>[] }).rows;
  const out = [];
  for (const head of heads) {
    const { lines, payments } = await invoiceParts(db, head.id);
    out.push({
      id: head.id,
      stored: {
        total: head.total,
        amountCredited: head.amount_credited,
        paid: head.paid,
        discountRedeemed: head.discount_redeemed,
        awardPointsRedeemed: head.award_points_redeemed,
        balance: head.balance,
        totalSuggested: head.total_suggested,
        suggestedCredited: head.suggested_credited,
        linesCost: head.lines_cost,
        linesSelling: head.lines_selling,
        linesResellable: head.lines_resellable,
        linesDamaged: head.lines_damaged,
        linesUnitsSold: head.lines_units_sold,
      },
      recomputed: {
        ...storedTotals(
          computeInvoiceTotals(lines, payments, {
            discountRedeemed: head.header_discount,
            awardPointsRedeemed: head.header_award_points,
          }),
        ),
        ...storedLineSums(lines),
      },
    });
  }
  return out;
}
