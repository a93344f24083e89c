/**
 * How big a barcode prints (docs/business-rules.md, "Barcode labels and printed barcodes").
 *
 * A printer lays down whole dots, so a bar or space that is not a whole number of dots wide is
 * rounded, differently from one module to the next, and a narrow code stops scanning. Every
 * printed barcode is therefore drawn with each module exactly `dotsPerModule` dots wide at the
 * printer's resolution: the served image (BARCODE_IMAGE_SCALE pixels a module, its width
 * exactly `barcodeImageModules` modules) is drawn `barcodeImageModules × dotsPerModule / dpi`
 * inches wide, never stretched to a box.
 */
import type { BarcodeSymbology } from './barcode.js';
import { guessSymbology } from './barcode.js';

/** The printer resolutions a label sheet or a thermal strip can be laid out for. */
export const PRINTER_DPIS = [203, 300] as const;
export type PrinterDpi = (typeof PRINTER_DPIS)[number];
export const DEFAULT_PRINTER_DPI: PrinterDpi = 203;

/** A stored or typed resolution, or the default. */
export function printerDpi(value: unknown): PrinterDpi {
  const n = Number(value);
  return (PRINTER_DPIS as readonly number[]).includes(n) ? (n as PrinterDpi) : DEFAULT_PRINTER_DPI;
}

/**
 * The quiet zone left and right of the bars, in modules (GS1 General Specifications, symbol
 * dimensions: UPC-A 9X each side, EAN-13 11X left and 7X right, EAN-8 7X each side; Code 128 10X).
 * A scanner needs that much white to find where the symbol starts.
 */
export const QUIET_ZONE: Record<BarcodeSymbology, { left: number; right: number }> = {
  upca: { left: 9, right: 9 },
  ean13: { left: 11, right: 7 },
  ean8: { left: 7, right: 7 },
  code128: { left: 10, right: 10 },
};

/**
 * The white left and right of the bars in a served image, in whole modules: the quiet zone, or
 * more where the human-readable text reaches further out (the encoder draws EAN-13's '>' and
 * EAN-8's '<' and '>' one module beyond the 7X quiet zone, and UPC-A's outer digits within 9X).
 */
export const BARCODE_IMAGE_MARGIN: Record<BarcodeSymbology, { left: number; right: number }> = {
  upca: { left: 9, right: 9 },
  ean13: { left: 11, right: 9 },
  ean8: { left: 9, right: 9 },
  code128: { left: 10, right: 10 },
};

/** Pixels per module of a served image. */
export const BARCODE_IMAGE_SCALE = 3;

/** Code 128 data symbols of `text` (printable ASCII) in its shortest encoding: code set B, with runs of digit pairs in set C. */
function code128DataSymbols(text: string): number {
  if (text.length === 0) return 0;
  const digit = (i: number) => i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57;
  // best[i] = [symbols for text[i…] when in set B at i, … when in set C at i]; a change of set costs one.
  const best: [number, number][] = new Array(text.length + 1);
  best[text.length] = [0, 0];
  for (let i = text.length - 1; i >= 0; i--) {
    const inB = 1 + best[i + 1][0];
    const inC = digit(i) && digit(i + 1) ? 1 + best[i + 2][1] : Number.POSITIVE_INFINITY;
    best[i] = [Math.min(inB, inC + 1), Math.min(inC, inB + 1)];
  }
  // The start symbol picks the first set, so no change is paid for it.
  return Math.min(best[0][0], best[0][1]);
}

/** The modules from the first bar to the last (UPC-A and EAN-13 95, EAN-8 67; Code 128 11 a symbol, 13 for stop). */
export function barcodeBarModules(barcode: string, symbology: BarcodeSymbology): number {
  switch (symbology) {
    case 'upca':
    case 'ean13':
      return 95;
    case 'ean8':
      return 67;
    case 'code128':
      // Start, data, check digit, then the 13-module stop pattern.
      return (1 + code128DataSymbols(barcode) + 1) * 11 + 13;
  }
}

/** The width of the served image in modules: the bars and the white either side. */
export function barcodeImageModules(barcode: string, symbology: BarcodeSymbology): number {
  const margin = BARCODE_IMAGE_MARGIN[symbology];
  return margin.left + barcodeBarModules(barcode, symbology) + margin.right;
}

/** The symbology a stored one names, or the one the code most likely is ('' when the product is gone). */
export function symbologyOrGuess(symbology: string, barcode: string): BarcodeSymbology {
  return symbology in QUIET_ZONE ? (symbology as BarcodeSymbology) : guessSymbology(barcode);
}

const MM_PER_IN = 25.4;
/** The nominal (100 %) module of UPC-A, EAN-13 and EAN-8: 0.33 mm. Code 128 aims for the same. */
export const NOMINAL_MODULE_MM = 0.33;
/** GS1's smallest magnification for UPC and EAN at a till: 80 % (0.264 mm). */
export const GS1_MIN_MODULE_MM = 0.264;
/**
 * The narrowest module printed at all: 0.25 mm (10 mil, two dots at 203 dpi, three at 300). A
 * one-dot module of a thermal printer (0.125 mm) is not read reliably by handheld scanners.
 */
export const MIN_MODULE_MM = 0.25;

export type PrintedBarcodeSize =
  | {
      fits: true;
      /** Printer dots per module. */
      dotsPerModule: number;
      /** The image's printed width: modules × dots per module / dpi. */
      widthIn: number;
      moduleMm: number;
      /** Percent of the 0.33 mm nominal module. */
      magnification: number;
      /** UPC/EAN smaller than GS1's 80 % (the width, or on a label the height, allows no more). */
      belowGs1Minimum: boolean;
    }
  | {
      fits: false;
      /** The width the image would need at the smallest module (MIN_MODULE_MM in whole dots). */
      widthIn: number;
      moduleMm: number;
    };

/**
 * The size a barcode prints at on a `dpi` printer within `maxWidthIn` inches (its quiet zones
 * included): each module a whole number of dots. `nominal` (the thermal strip): the number
 * nearest the 0.33 mm nominal module and not below GS1's 80 % (three dots at 203 dpi, four at
 * 300) when that fits, else the most dots that fit. `smallest` (a label, 0.55 in high: the digits
 * and guard bars under the bars take 9 to 10 modules of its height, so a smaller module leaves
 * taller bars): MIN_MODULE_MM in whole dots (two at 203 dpi, three at 300). Never below
 * MIN_MODULE_MM: a code that does not fit there does not fit.
 */
export function printedBarcodeSize(
  barcode: string,
  symbology: BarcodeSymbology,
  dpi: number,
  maxWidthIn: number,
  module: 'nominal' | 'smallest' = 'nominal',
): PrintedBarcodeSize {
  const dotMm = MM_PER_IN / dpi;
  const modules = barcodeImageModules(barcode, symbology);
  // 0.25 mm is 1.998 dots at 203 dpi: two dots is 0.2502 mm, so allow a hair.
  const least = Math.ceil(MIN_MODULE_MM / dotMm - 0.01);
  const target =
    module === 'smallest'
      ? least
      : Math.max(Math.round(NOMINAL_MODULE_MM / dotMm), Math.ceil(GS1_MIN_MODULE_MM / dotMm - 1e-6));
  const most = Math.floor((maxWidthIn * dpi) / modules + 1e-9);
  const dots = Math.min(target, most);
  if (dots < least) return { fits: false, widthIn: (modules * least) / dpi, moduleMm: least * dotMm };
  const moduleMm = dots * dotMm;
  return {
    fits: true,
    dotsPerModule: dots,
    widthIn: (modules * dots) / dpi,
    moduleMm,
    magnification: Math.round((moduleMm / NOMINAL_MODULE_MM) * 100),
    belowGs1Minimum: symbology !== 'code128' && moduleMm < GS1_MIN_MODULE_MM,
  };
}
