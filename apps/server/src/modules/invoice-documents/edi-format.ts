import { type InvoiceDocument, toCents } from '@wd/contracts';

/**
 * What both EDI files share (docs/edi.md): money as integer cents written with
 * a dot and two decimals, the invoice date in the shapes the formats want,
 * and barcodes reduced to digits.
 */

/** Dollars from the document to cents, rounded once (never summed as floats). */
export const cents = (dollars: number) => toCents(dollars);

/** "2026-11-22" → ["2026", "11", "22"]. */
function dateParts(date: string): [string, string, string] {
  const [y = '', m = '', d = ''] = date.slice(0, 10).split('-');
  return [y, m, d];
}

/** "2026-11-22" → "11/22/2026". */
export function usDate(date: string): string {
  const [y, m, d] = dateParts(date);
  return `${m}/${d}/${y}`;
}

/** "2026-11-22" → "20261122" (CCYYMMDD). */
export function x12Date(date: string): string {
  return dateParts(date).join('');
}

/** Only the digits of a number ("Invoice/1042" → "1042"). */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * A numeric barcode's digits, leading zeros kept, spaces and dashes dropped
 * ("0 49000-02891 1" → "049000028911"); '' for a code with letters (a vendor
 * code is no UPC, and its digits alone would name another product).
 */
export function upcDigits(code: string): string {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : '';
}

/** The customer id the files carry: a walk-in invoice (no customer) is account 0. */
export const customerAccount = (doc: InvoiceDocument) => doc.customer?.id ?? 0;
