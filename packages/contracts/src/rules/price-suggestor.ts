import { roundHalfAwayFromZero } from '../common/money.js';

/**
 * The price suggestor (docs/business-rules.md, "Price suggestor"): a price from a cost and a percentage.
 * margin: price = cost / (1 − p/100), none when p ≥ 100;
 * markup: price = cost × (1 + p/100).
 * In cents, rounded half away from zero. Zero cost or zero percent gives none.
 */
export type SuggestMode = 'margin' | 'markup';
export const QUICK_PERCENTS = [35, 40, 42, 45] as const;

export function suggestPriceCents(costCents: number, percent: number, mode: SuggestMode): number | null {
  if (!Number.isFinite(costCents) || !Number.isFinite(percent) || costCents === 0 || percent === 0) return null;
  if (mode === 'margin') {
    if (percent >= 100) return null;
    return roundHalfAwayFromZero(costCents / (1 - percent / 100));
  }
  return roundHalfAwayFromZero(costCents * (1 + percent / 100));
}

/** The same in dollars, for forms. */
export function suggestPrice(cost: number, percent: number, mode: SuggestMode): number | null {
  const cents = suggestPriceCents(roundHalfAwayFromZero(cost * 100), percent, mode);
  return cents === null ? null : cents / 100;
}

/** The percentage a price makes over a cost, in the given mode (for showing the current one). */
export function percentOf(cost: number, price: number, mode: SuggestMode): number | null {
  if (!cost || !price) return null;
  return mode === 'margin' ? 100 * (1 - cost / price) : 100 * (price / cost - 1);
}
