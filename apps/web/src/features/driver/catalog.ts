import type { GroupPriceRow } from '@wd/contracts';
import { driverDb, type StoredProduct } from './db';
import { barcodeVariants } from './pricing';

export type Lookup = { product: StoredProduct; byBox: boolean } | { matches: StoredProduct[] };

/**
 * What a scan or a typed text means on the device, by the server's rule: one product by barcode
 * (a leading 0 added or removed), by box barcode, or by exact name; otherwise the products whose
 * name contains the text (at most 20), to pick from.
 */
export async function lookupProduct(text: string): Promise<Lookup> {
  const typed = text.trim();
  if (!typed) return { matches: [] };
  const variants = barcodeVariants(typed);
  const byBarcode = await driverDb.products.where('barcode').anyOf(variants).toArray();
  if (byBarcode.length === 1) return { product: byBarcode[0], byBox: false };
  const byBox = (await driverDb.products.where('boxBarcode').anyOf(variants).toArray()).filter((p) => p.boxBarcode);
  if (byBarcode.length === 0 && byBox.length === 1) return { product: byBox[0], byBox: true };
  const lower = typed.toLowerCase();
  const byName = await driverDb.products.where('nameLower').equals(lower).toArray();
  if (byName.length === 1) return { product: byName[0], byBox: false };
  if (byBarcode.length + byBox.length > 1) return { matches: [...byBarcode, ...byBox] };
  return { matches: await searchProducts(lower) };
}

/** Products whose name holds the text, names starting with it first. */
export async function searchProducts(text: string, limit = 20): Promise<StoredProduct[]> {
  const lower = text.trim().toLowerCase();
  if (!lower) return [];
  const starts = await driverDb.products.where('nameLower').startsWith(lower).limit(limit).toArray();
  if (starts.length >= limit) return starts;
  const seen = new Set(starts.map((p) => p.id));
  const contains = await driverDb.products
    .filter((p) => !seen.has(p.id) && (p.nameLower.includes(lower) || p.barcode.includes(lower)))
    .limit(limit - starts.length)
    .toArray();
  return [...starts, ...contains];
}

export function groupPriceOf(priceGroupID: number, productID: number): Promise<GroupPriceRow | undefined> {
  return driverDb.groupPrices.get([priceGroupID, productID]);
}
