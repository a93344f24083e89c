import type { LoadSheet } from '@wd/contracts';

/** A line of the load sheet being edited: the server's figures and the load typed (units). */
export interface LoadLine {
  productID: number;
  product: string;
  barcode: string;
  usual: number;
  onTruck: number;
  /** null for a product added by hand (the sheet did not read its warehouse stock). */
  inWarehouse: number | null;
  suggested: number;
  load: number;
}

/** The sheet's lines with each load at its suggestion. */
export function loadLinesOf(sheet: LoadSheet): LoadLine[] {
  return sheet.lines.map((l) => ({ ...l, load: l.suggested }));
}

/** The units the sheet loads. */
export function loadUnits(lines: LoadLine[]): number {
  return lines.reduce((sum, l) => sum + Math.max(0, Math.trunc(l.load) || 0), 0);
}
