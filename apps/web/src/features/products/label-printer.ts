import {
  type BarcodeItem,
  DEFAULT_PRINTER_DPI,
  LABEL_BARCODE_MAX_WIDTH_IN,
  type PrinterDpi,
  printedBarcodeSize,
  printerDpi,
  symbologyOrGuess,
} from '@wd/contracts';

/** The label printer's resolution, remembered in this browser like the label options. */
const DPI_KEY = 'labelPrinterDpi';

export function storedLabelDpi(): PrinterDpi {
  try {
    return printerDpi(localStorage.getItem(DPI_KEY) ?? DEFAULT_PRINTER_DPI);
  } catch {
    return DEFAULT_PRINTER_DPI;
  }
}

export function storeLabelDpi(dpi: PrinterDpi) {
  localStorage.setItem(DPI_KEY, String(dpi));
}

/** How an item's barcode prints on a label at `dpi` (rules/barcode-print.ts). */
export function labelBarcodeSize(item: Pick<BarcodeItem, 'barcode' | 'barcodeSymbology'>, dpi: PrinterDpi) {
  return printedBarcodeSize(
    item.barcode,
    symbologyOrGuess(item.barcodeSymbology, item.barcode),
    dpi,
    LABEL_BARCODE_MAX_WIDTH_IN,
    'smallest',
  );
}

/** "1.11 in wide, 0.25 mm bars (76 %)", or why it does not print. */
export function describeLabelBarcode(item: Pick<BarcodeItem, 'barcode' | 'barcodeSymbology'>, dpi: PrinterDpi) {
  const size = labelBarcodeSize(item, dpi);
  if (!size.fits) {
    return {
      text: `Too long for a label at ${dpi} dpi (needs ${size.widthIn.toFixed(2)} in): prints as text`,
      color: 'red' as const,
    };
  }
  const code128 = symbologyOrGuess(item.barcodeSymbology, item.barcode) === 'code128';
  const text = `${size.widthIn.toFixed(2)} in wide, ${size.moduleMm.toFixed(3)} mm bars${code128 ? '' : ` (${size.magnification} %)`}`;
  // A named colour: the theme darkens it as far as the row behind it needs (a fixed shade is too light on a stripe).
  return { text, color: size.belowGs1Minimum ? ('orange' as const) : undefined };
}
