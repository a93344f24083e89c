/**
 * Barcodes by symbology (docs/business-rules.md, "Products"): upca 12
 * digits, ean13 13, ean8 8 (digits only, valid GS1 check digit; given one
 * digit short, the check digit is computed and appended); code128 printable
 * ASCII, 1–48 characters.
 */
export const BARCODE_SYMBOLOGIES = ['upca', 'code128', 'ean8', 'ean13'] as const;
export type BarcodeSymbology = (typeof BARCODE_SYMBOLOGIES)[number];

const LENGTHS: Record<Exclude<BarcodeSymbology, 'code128'>, number> = { upca: 12, ean13: 13, ean8: 8 };

/** The GS1 mod-10 check digit of the digits before it. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Weights run 3, 1, 3, 1 … from the rightmost digit of the body.
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

export type BarcodeResult = { ok: true; barcode: string } | { ok: false; message: string };

/** Validates a barcode for its symbology and completes a missing check digit. */
export function normalizeBarcode(symbology: BarcodeSymbology, input: string): BarcodeResult {
  const text = input.trim();
  if (symbology === 'code128') {
    if (text.length < 1 || text.length > 48) return { ok: false, message: 'must be 1 to 48 characters for Code 128' };
    if (!/^[\x20-\x7e]+$/.test(text))
      return { ok: false, message: 'may hold only printable ASCII characters for Code 128' };
    return { ok: true, barcode: text };
  }
  const length = LENGTHS[symbology];
  const name = symbology === 'upca' ? 'UPC-A' : symbology === 'ean13' ? 'EAN-13' : 'EAN-8';
  if (!/^\d+$/.test(text)) return { ok: false, message: `must be digits only for ${name}` };
  if (text.length === length - 1) return { ok: true, barcode: text + gs1CheckDigit(text) };
  if (text.length !== length) {
    return { ok: false, message: `must be ${length} digits for ${name} (or ${length - 1} without the check digit)` };
  }
  const expected = gs1CheckDigit(text.slice(0, -1));
  if (Number(text.at(-1)) !== expected) {
    return { ok: false, message: `has a wrong check digit (the last digit should be ${expected})` };
  }
  return { ok: true, barcode: text };
}

/** The symbology a bare barcode most likely is (for rendering an image from its text alone). */
export function guessSymbology(barcode: string): BarcodeSymbology {
  if (/^\d{12}$/.test(barcode) && normalizeBarcode('upca', barcode).ok) return 'upca';
  if (/^\d{13}$/.test(barcode) && normalizeBarcode('ean13', barcode).ok) return 'ean13';
  if (/^\d{8}$/.test(barcode) && normalizeBarcode('ean8', barcode).ok) return 'ean8';
  return 'code128';
}

/** What a scanned text may be stored as: itself, with one leading 0 added, or with one removed. */
export function barcodeVariants(text: string): string[] {
  const t = text.trim();
  const variants = new Set([t, `0${t}`]);
  if (t.startsWith('0')) variants.add(t.slice(1));
  return [...variants].filter(Boolean);
}
