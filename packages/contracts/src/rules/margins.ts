/** Margin % of a line = 100 × (1 − sellingPrice / suggestedRetailPrice); none when the retail price is 0. */
export function lineMarginPercent(sellingPrice: number, suggestedRetailPrice: number): number | null {
  if (!suggestedRetailPrice) return null;
  return 100 * (1 - sellingPrice / suggestedRetailPrice);
}
