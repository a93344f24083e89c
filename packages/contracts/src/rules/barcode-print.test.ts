import { describe, expect, it } from 'vitest';
import { LABEL_BARCODE_MAX_WIDTH_IN } from './barcode-labels.js';
import { barcodeBarModules, barcodeImageModules, printedBarcodeSize, printerDpi } from './barcode-print.js';

const STRIP_IN = 73 / 25.4;

describe('barcodeBarModules', () => {
  it('counts the fixed-length symbologies', () => {
    expect(barcodeBarModules('036000291452', 'upca')).toBe(95);
    expect(barcodeBarModules('4006381333931', 'ean13')).toBe(95);
    expect(barcodeBarModules('96385074', 'ean8')).toBe(67);
  });
  it('counts Code 128 in its shortest encoding: set B, digit pairs in set C', () => {
    // Start, 10 data, check: 12 symbols of 11, and the 13-module stop.
    expect(barcodeBarModules('CERT-1 ABC', 'code128')).toBe(145);
    // 12 digits: start C and 6 pairs.
    expect(barcodeBarModules('123456789012', 'code128')).toBe((1 + 6 + 1) * 11 + 13);
    // One digit, or two digits between letters, stay in set B (a change of set costs a symbol).
    expect(barcodeBarModules('1', 'code128')).toBe(46);
    expect(barcodeBarModules('A12B', 'code128')).toBe((1 + 4 + 1) * 11 + 13);
    // Four digits after a letter: switching to C pays (2 pairs + 1 switch < 4).
    expect(barcodeBarModules('A1234', 'code128')).toBe((1 + 1 + 1 + 2 + 1) * 11 + 13);
  });
  it('adds the white either side to make the image', () => {
    expect(barcodeImageModules('036000291452', 'upca')).toBe(9 + 95 + 9);
    expect(barcodeImageModules('4006381333931', 'ean13')).toBe(11 + 95 + 9);
    expect(barcodeImageModules('96385074', 'ean8')).toBe(9 + 67 + 9);
  });
});

describe('printedBarcodeSize', () => {
  it('prints each module in whole dots, 3 at 203 dpi and 4 at 300 where the width allows (nominal 0.33 mm)', () => {
    const upc203 = printedBarcodeSize('036000291452', 'upca', 203, STRIP_IN);
    expect(upc203).toMatchObject({ fits: true, dotsPerModule: 3, magnification: 114, belowGs1Minimum: false });
    expect(upc203.widthIn).toBeCloseTo((113 * 3) / 203, 9);
    expect(printedBarcodeSize('036000291452', 'upca', 300, STRIP_IN)).toMatchObject({
      dotsPerModule: 4,
      magnification: 103,
    });
    // EAN-8 at nominal fits a label's width too (3 dots, 1.26 in).
    expect(printedBarcodeSize('96385074', 'ean8', 203, LABEL_BARCODE_MAX_WIDTH_IN)).toMatchObject({
      dotsPerModule: 3,
    });
  });
  it('on a 1.35 in label, UPC-A and EAN-13 fit only at 2 dots (203) or 3 (300): flagged below GS1 80 %', () => {
    for (const [code, sym] of [
      ['036000291452', 'upca'],
      ['4006381333931', 'ean13'],
    ] as const) {
      const at203 = printedBarcodeSize(code, sym, 203, LABEL_BARCODE_MAX_WIDTH_IN);
      expect(at203).toMatchObject({ fits: true, dotsPerModule: 2, magnification: 76, belowGs1Minimum: true });
      const at300 = printedBarcodeSize(code, sym, 300, LABEL_BARCODE_MAX_WIDTH_IN);
      expect(at300).toMatchObject({ fits: true, dotsPerModule: 3, magnification: 77, belowGs1Minimum: true });
      expect(at300.widthIn).toBeLessThanOrEqual(LABEL_BARCODE_MAX_WIDTH_IN);
    }
  });
  it("'smallest' (labels: the most bar height) prints every symbology at 0.25 mm in whole dots", () => {
    for (const [code, sym] of [
      ['036000291452', 'upca'],
      ['96385074', 'ean8'],
      ['AB', 'code128'],
    ] as const) {
      expect(printedBarcodeSize(code, sym, 203, LABEL_BARCODE_MAX_WIDTH_IN, 'smallest')).toMatchObject({
        dotsPerModule: 2,
      });
      expect(printedBarcodeSize(code, sym, 300, LABEL_BARCODE_MAX_WIDTH_IN, 'smallest')).toMatchObject({
        dotsPerModule: 3,
      });
    }
    expect(printedBarcodeSize('CERT-1 ABC', 'code128', 203, LABEL_BARCODE_MAX_WIDTH_IN, 'smallest').fits).toBe(false);
  });
  it('never goes below 0.25 mm: a Code 128 too long for the width does not fit', () => {
    const long = printedBarcodeSize('CERT-1 ABC', 'code128', 203, LABEL_BARCODE_MAX_WIDTH_IN);
    expect(long).toMatchObject({ fits: false });
    expect(long.widthIn).toBeCloseTo((165 * 2) / 203, 9);
    expect(printedBarcodeSize('CERT-1 ABC', 'code128', 300, LABEL_BARCODE_MAX_WIDTH_IN).fits).toBe(false);
    expect(printedBarcodeSize('CERT-1 ABC', 'code128', 203, STRIP_IN)).toMatchObject({ fits: true, dotsPerModule: 3 });
    // Seven letters need 1.30 in at 203 dpi: they fit; at 300 dpi (3 dots, 1.32 in) they do not.
    expect(printedBarcodeSize('ABCDEFG', 'code128', 203, LABEL_BARCODE_MAX_WIDTH_IN).fits).toBe(true);
    expect(printedBarcodeSize('ABCDEFG', 'code128', 300, LABEL_BARCODE_MAX_WIDTH_IN).fits).toBe(false);
  });
});

describe('printerDpi', () => {
  it('reads 203 or 300, anything else is 203', () => {
    expect(printerDpi('300')).toBe(300);
    expect(printerDpi(203)).toBe(203);
    expect(printerDpi('150')).toBe(203);
    expect(printerDpi(null)).toBe(203);
  });
});
