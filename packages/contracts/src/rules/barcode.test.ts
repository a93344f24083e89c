import { describe, expect, it } from 'vitest';
import { barcodeVariants, gs1CheckDigit, guessSymbology, normalizeBarcode } from './barcode.js';

describe('gs1CheckDigit', () => {
  it('matches published codes', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gs1CheckDigit('01234567890')).toBe(5); // UPC-A 012345678905
  });
});

describe('normalizeBarcode', () => {
  it('completes a UPC-A given without its check digit', () => {
    expect(normalizeBarcode('upca', '03600029145')).toEqual({ ok: true, barcode: '036000291452' });
  });
  it('accepts a whole, valid code and trims spaces', () => {
    expect(normalizeBarcode('ean13', ' 4006381333931 ')).toEqual({ ok: true, barcode: '4006381333931' });
    expect(normalizeBarcode('ean8', '96385074')).toEqual({ ok: true, barcode: '96385074' });
  });
  it('refuses a wrong check digit and says which is right', () => {
    expect(normalizeBarcode('upca', '036000291453')).toEqual({
      ok: false,
      message: 'has a wrong check digit (the last digit should be 2)',
    });
  });
  it('refuses letters and wrong lengths for numeric symbologies', () => {
    expect(normalizeBarcode('upca', '03600A29145')).toMatchObject({
      ok: false,
      message: 'must be digits only for UPC-A',
    });
    expect(normalizeBarcode('ean8', '123')).toMatchObject({
      ok: false,
      message: 'must be 8 digits for EAN-8 (or 7 without the check digit)',
    });
  });
  it('takes printable ASCII of 1 to 48 characters for Code 128', () => {
    expect(normalizeBarcode('code128', 'ABC-123 x')).toEqual({ ok: true, barcode: 'ABC-123 x' });
    expect(normalizeBarcode('code128', 'x'.repeat(49)).ok).toBe(false);
    expect(normalizeBarcode('code128', 'café').ok).toBe(false);
    expect(normalizeBarcode('code128', '').ok).toBe(false);
  });
});

describe('scanned text variants', () => {
  it('adds or removes one leading zero', () => {
    expect(barcodeVariants('036000291452').sort()).toEqual(['0036000291452', '036000291452', '36000291452'].sort());
    expect(barcodeVariants('36000291452').sort()).toEqual(['036000291452', '36000291452'].sort());
  });
  it('guesses the symbology of a bare barcode', () => {
    expect(guessSymbology('036000291452')).toBe('upca');
    expect(guessSymbology('4006381333931')).toBe('ean13');
    expect(guessSymbology('96385074')).toBe('ean8');
    expect(guessSymbology('036000291453')).toBe('code128');
  });
});
