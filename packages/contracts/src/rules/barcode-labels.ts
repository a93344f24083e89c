/**
 * Where a barcode's image is and how labels are laid out on a sheet. No schemas here: a screen that
 * only shows a barcode loads no validation code.
 */

/** Where a barcode's image is served (public, so an <img> needs no token). */
export function barcodeImagePath(barcode: string): string {
  return `/images/barcodes/${encodeURIComponent(barcode)}.png`;
}

/** Label sheet (docs/business-rules.md): 114 labels a sheet; name lines of 21 and 22–45 characters. */
export const LABELS_PER_SHEET = 114;
/**
 * A label is 1.35 in wide (a Letter sheet less 0.2 in each side, six across) and 0.55 in high;
 * its barcode, quiet zones included, may use 1.31 in of the width (rules/barcode-print.ts).
 */
export const LABEL_BARCODE_MAX_WIDTH_IN = 1.31;
export function labelNameLines(name: string): [string, string] {
  return [name.slice(0, 21), name.slice(21, 45)];
}
/** The labels to print: each item repeated by its quantity (below 1 prints none), split in sheets. */
export function labelSheets<T extends { quantity: number }>(items: T[], perSheet = LABELS_PER_SHEET): T[][] {
  const labels = items.flatMap((item) => (item.quantity >= 1 ? Array.from({ length: item.quantity }, () => item) : []));
  const sheets: T[][] = [];
  for (let i = 0; i < labels.length; i += perSheet) sheets.push(labels.slice(i, i + perSheet));
  return sheets;
}
