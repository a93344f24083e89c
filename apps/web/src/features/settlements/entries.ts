import type { Settlement } from '@wd/contracts';

/** What the office typed: counts by product, amounts by money line ('' = not entered). */
export interface Entries {
  counts: Record<number, number | string>;
  handed: Record<string, number | string>;
}

export const entriesOf = (s: Settlement): Entries => ({
  counts: Object.fromEntries(s.stock.map((l) => [l.productID, l.counted ?? ''])),
  handed: Object.fromEntries(s.money.map((m) => [m.key, m.handedIn ?? ''])),
});

/** The entries as the update call takes them (only what differs from the stored settlement). */
export function changes(s: Settlement, e: Entries) {
  const counted = (v: number | string) => (v === '' ? null : Number(v));
  const amount = (v: number | string) => (v === '' ? null : Number(v));
  return {
    id: s.id,
    counts: s.stock
      .filter((l) => counted(e.counts[l.productID] ?? '') !== l.counted)
      .map((l) => ({ productID: l.productID, counted: counted(e.counts[l.productID] ?? '') })),
    handedIn: s.money
      .filter((m) => amount(e.handed[m.key] ?? '') !== m.handedIn)
      .map((m) => ({ key: m.key, amount: amount(e.handed[m.key] ?? '') })),
  };
}
