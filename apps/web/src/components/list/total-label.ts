import { formatCount } from '../../lib/format';

/**
 * The label of a footer that sums every matching row, not only the page on screen:
 * "Total (all 1,234 invoices)"; with one row "Total (1 invoice)". `noun` is what a row is, in the
 * singular ("invoice", "customer"); its plural adds an s.
 */
export function grandTotalLabel(totalRows: number, noun = 'row'): string {
  if (totalRows === 1) return `Total (1 ${noun})`;
  return `Total (all ${formatCount(totalRows)} ${noun}s)`;
}
