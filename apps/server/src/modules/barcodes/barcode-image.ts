import {
  BARCODE_IMAGE_MARGIN,
  BARCODE_IMAGE_SCALE,
  type BarcodeSymbology,
  guessSymbology,
  QUIET_ZONE,
} from '@wd/contracts';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

export { QUIET_ZONE };

/**
 * Barcode images are real encodings (bwip-js), rendered once per barcode and
 * symbology and kept in a small in-memory cache; browsers cache them for good.
 */
const BWIP_IDS: Record<BarcodeSymbology, string> = { upca: 'upca', ean13: 'ean13', ean8: 'ean8', code128: 'code128' };
const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 2000;

/**
 * The encoder's options: black bars on white (a transparent background reads as black to
 * decoders and to a printer's dithering), BARCODE_IMAGE_SCALE pixels a module, and the
 * human-readable text under the bars (UPC and EAN in their standard layout, with EAN's
 * quiet-zone marks; Code 128 centred). No white left or right: barcodePng adds exactly the margin.
 */
export function renderOptions(symbology: BarcodeSymbology, text: string) {
  return {
    bcid: BWIP_IDS[symbology],
    text,
    scale: BARCODE_IMAGE_SCALE,
    height: 9,
    includetext: true,
    backgroundcolor: 'FFFFFF',
    paddingtop: 2,
    paddingbottom: 1,
    ...(symbology === 'ean13' || symbology === 'ean8' ? { guardwhitespace: true } : {}),
    ...(symbology === 'code128' ? { textxalign: 'center' as const } : {}),
  };
}

/**
 * The encoder's rendering with exactly BARCODE_IMAGE_MARGIN white modules left and right of the
 * bars (the quiet zones, wider where the text needs it), so the image is exactly
 * barcodeImageModules × BARCODE_IMAGE_SCALE pixels wide and a page can draw it at a whole number
 * of printer dots a module (docs/business-rules.md, "Barcode labels and printed barcodes").
 */
async function render(symbology: BarcodeSymbology, text: string): Promise<Buffer> {
  const png = await bwipjs.toBuffer(renderOptions(symbology, text));
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const dark = (x: number, y: number) => data[y * width + x] < 128;
  // The bars start on the first row with ink (the text is under them); find the first and last bar there.
  const inked = (y: number) => {
    for (let x = 0; x < width; x++) if (dark(x, y)) return true;
    return false;
  };
  let row = 0;
  while (row < height && !inked(row)) row++;
  let first = 0;
  while (first < width && !dark(first, row)) first++;
  let last = width - 1;
  while (last > 0 && !dark(last, row)) last--;
  const S = BARCODE_IMAGE_SCALE;
  const margin = BARCODE_IMAGE_MARGIN[symbology];
  const addLeft = margin.left * S - first;
  const addRight = margin.right * S - (width - 1 - last);
  const cutLeft = Math.max(0, -addLeft);
  const cutRight = Math.max(0, -addRight);
  // Only white may be cut: the text never reaches past the margin.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < cutLeft; x++) if (dark(x, y)) throw new Error('the text reaches past the left margin');
    for (let x = width - cutRight; x < width; x++)
      if (dark(x, y)) throw new Error('the text reaches past the right margin');
  }
  return sharp(png)
    .extract({ left: cutLeft, top: 0, width: width - cutLeft - cutRight, height })
    .extend({
      left: Math.max(0, addLeft),
      right: Math.max(0, addRight),
      background: { r: 255, g: 255, b: 255, alpha: 1 },
    })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

export async function barcodePng(text: string, symbology: BarcodeSymbology = guessSymbology(text)): Promise<Buffer> {
  const key = `${symbology}:${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const png = await render(symbology, text);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, png);
  return png;
}
