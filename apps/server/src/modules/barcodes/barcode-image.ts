import { type BarcodeSymbology, guessSymbology } from '@wd/contracts';
import bwipjs from 'bwip-js/node';

/**
 * Barcode images are real encodings (bwip-js), rendered once per barcode and
 * symbology and kept in a small in-memory cache; browsers cache them for good.
 */
const BWIP_IDS: Record<BarcodeSymbology, string> = { upca: 'upca', ean13: 'ean13', ean8: 'ean8', code128: 'code128' };
const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 2000;

export function renderOptions(symbology: BarcodeSymbology, text: string) {
  return { bcid: BWIP_IDS[symbology], text, scale: 3, height: 9, includetext: false, paddingwidth: 2 };
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
