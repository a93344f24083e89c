import {
  BARCODE_IMAGE_SCALE,
  type BarcodeSymbology,
  barcodeImageModules,
  barcodeImagePath,
  type PrinterDpi,
  printedBarcodeSize,
} from '@wd/contracts';
import type { SyntheticEvent } from 'react';
import classes from './PrintedBarcode.module.css';

/**
 * A barcode image drawn for a `dpi` printer (docs/business-rules.md, "Barcode labels and printed
 * barcodes"): each module exactly a whole number of printer dots wide, never stretched to a box.
 *
 * The browser snaps a box's edges to whole CSS pixels (1/96 in) on screen and in print, so an
 * image given a width in inches is drawn up to a pixel wider or narrower, and a bar here and
 * there loses or gains a dot. The image is therefore laid out at its own pixel width (whole CSS
 * pixels, nothing to snap) and scaled by a transform, which the browser and its PDF keep exact:
 * BARCODE_IMAGE_SCALE pixels a module become dotsPerModule / dpi inches.
 *
 * The box's height is what the page gives it (CSS); the image sits on its bottom edge, so the bars
 * are cut from the top and the digits under them stay whole. A code too long for `maxWidthIn` at
 * the smallest module shows as text (without `className`), marked barcode-too-long.
 */
export function PrintedBarcode({
  barcode,
  symbology,
  dpi,
  maxWidthIn,
  module = 'nominal',
  className,
}: {
  barcode: string;
  symbology: BarcodeSymbology;
  dpi: PrinterDpi;
  maxWidthIn: number;
  /** The module size rule (rules/barcode-print.ts): nominal where it fits, or the smallest (labels). */
  module?: 'nominal' | 'smallest';
  className?: string;
}) {
  const size = printedBarcodeSize(barcode, symbology, dpi, maxWidthIn, module);
  if (!size.fits) {
    return (
      <div className={classes.tooLong} data-testid="barcode-too-long">
        {barcode}
      </div>
    );
  }
  const dots = size.dotsPerModule;
  // CSS pixels a pixel of the image: (dots per module / dpi) in per module, 96 px an inch.
  const scale = (dots * 96) / (BARCODE_IMAGE_SCALE * dpi);
  const pixels = barcodeImageModules(barcode, symbology) * BARCODE_IMAGE_SCALE;
  // The image is the symbology the server knows the product by; should it differ from the one
  // given here, its own width says how many modules it has.
  const check = (e: SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    if (img.naturalWidth && img.naturalWidth !== pixels) {
      img.style.width = `${img.naturalWidth}px`;
      if (img.parentElement) img.parentElement.style.width = `${img.naturalWidth * scale}px`;
    }
  };
  return (
    <div
      className={`${classes.box} ${className ?? ''}`}
      style={{ width: `${size.widthIn}in` }}
      data-testid="printed-barcode"
      data-dots={dots}
    >
      <img
        className={classes.image}
        src={barcodeImagePath(barcode)}
        alt={barcode}
        style={{ width: `${pixels}px`, transform: `scale(${scale})` }}
        onLoad={check}
      />
    </div>
  );
}
