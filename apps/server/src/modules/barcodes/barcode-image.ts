import { type BarcodeSymbology, guessSymbology } from '@wd/contracts';
import bwipjs from 'bwip-js/node';

/**
 * Barcode images are real encodings (bwip-js), rendered once per barcode and
 * symbology and kept in a small in-memory cache; browsers cache them for good.
 */
const BWIP_IDS: Record<BarcodeSymbology, string> = { upca: 'upca', ean13: 'ean13', ean8: 'ean8', code128: 'code128' };
const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 2000;

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
 * An opaque image: black bars on white (a transparent background reads as black to decoders and
 * to a printer's dithering), the quiet zones in white, and the human-readable text under the bars
 * (UPC and EAN in their standard layout, with EAN's quiet-zone marks; Code 128 centred).
 */
export function renderOptions(symbology: BarcodeSymbology, text: string) {
  const quiet = QUIET_ZONE[symbology];
  return {
    bcid: BWIP_IDS[symbology],
    text,
    scale: 3,
    height: 9,
    includetext: true,
    backgroundcolor: 'FFFFFF',
    paddingleft: quiet.left,
    paddingright: quiet.right,
    paddingtop: 2,
    paddingbottom: 2,
    ...(symbology === 'ean13' || symbology === 'ean8' ? { guardwhitespace: true } : {}),
    ...(symbology === 'code128' ? { textxalign: 'center' as const } : {}),
  };
}

export async function barcodePng(text: string, symbology: BarcodeSymbology = guessSymbology(text)): Promise<Buffer> {
  const key = `${symbology}:${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const png = await bwipjs.toBuffer(renderOptions(symbology, text));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, png);
  return png;
}
