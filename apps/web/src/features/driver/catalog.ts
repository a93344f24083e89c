import type { GroupPriceRow } from '@wd/contracts';
import Dexie from 'dexie';
import { driverDb, type StoredProduct } from './db';
import { barcodeVariants } from './pricing';

export type Lookup = { product: StoredProduct; byBox: boolean } | { matches: StoredProduct[] };

/**
 * The downloaded catalog, indexed in memory: a scan is answered without a storage read (a read
 * costs ~10 ms on a phone, a map lookup nothing). Built once from storage when first asked, and
 * dropped whenever the products or group prices in storage change (a re-download, in this tab or
 * another), so it never answers from an older download.
 */
interface CatalogIndex {
  byBarcode: Map<string, StoredProduct[]>;
  byBox: Map<string, StoredProduct[]>;
  byName: Map<string, StoredProduct[]>;
  /** Every product, by name. */
  all: StoredProduct[];
  groupPrices: Map<string, GroupPriceRow>;
}

let index: Promise<CatalogIndex> | null = null;

function push(map: Map<string, StoredProduct[]>, key: string, p: StoredProduct) {
  if (!key) return;
  const list = map.get(key);
  if (list) list.push(p);
  else map.set(key, [p]);
}

const priceKey = (priceGroupID: number, productID: number) => `${priceGroupID}:${productID}`;

async function build(): Promise<CatalogIndex> {
  const [all, prices] = await driverDb.transaction('r', driverDb.products, driverDb.groupPrices, () =>
    Promise.all([driverDb.products.orderBy('nameLower').toArray(), driverDb.groupPrices.toArray()]),
  );
  const built: CatalogIndex = {
    byBarcode: new Map(),
    byBox: new Map(),
    byName: new Map(),
    all,
    groupPrices: new Map(prices.map((g) => [priceKey(g.priceGroupID, g.productID), g])),
  };
  for (const p of all) {
    push(built.byBarcode, p.barcode, p);
    push(built.byBox, p.boxBarcode, p);
    push(built.byName, p.nameLower, p);
  }
  return built;
}

/** The index, built on first use (a page that scans calls it on opening, so the first scan is quick too). */
export function catalogIndex(): Promise<CatalogIndex> {
  if (!index) {
    const building = build();
    index = building;
    // A failed build is not kept: the next scan tries again.
    building.catch(() => {
      if (index === building) index = null;
    });
  }
  return index;
}

/** Drops the index: the next lookup reads storage again (called after a download). */
export function forgetCatalog() {
  index = null;
}

const CATALOG_PARTS = [`idb://${driverDb.name}/products/`, `idb://${driverDb.name}/groupPrices/`];
Dexie.on('storagemutated', (parts) => {
  if (Object.keys(parts).some((part) => CATALOG_PARTS.some((prefix) => part.startsWith(prefix)))) forgetCatalog();
});

const found = (map: Map<string, StoredProduct[]>, keys: string[]) => {
  const seen = new Set<number>();
  const out: StoredProduct[] = [];
  for (const key of keys) {
    for (const p of map.get(key) ?? []) {
      if (!seen.has(p.id)) {
        seen.add(p.id);
        out.push(p);
      }
    }
  }
  return out;
};

/**
 * What a scan or a typed text means on the device, by the server's rule: one product by barcode
 * (a leading 0 added or removed), by box barcode, or by exact name; otherwise the products whose
 * name contains the text (at most 20), to pick from.
 */
export async function lookupProduct(text: string): Promise<Lookup> {
  const typed = text.trim();
  if (!typed) return { matches: [] };
  const catalog = await catalogIndex();
  const variants = barcodeVariants(typed);
  const byBarcode = found(catalog.byBarcode, variants);
  if (byBarcode.length === 1) return { product: byBarcode[0], byBox: false };
  const byBox = found(catalog.byBox, variants);
  if (byBarcode.length === 0 && byBox.length === 1) return { product: byBox[0], byBox: true };
  const lower = typed.toLowerCase();
  const byName = catalog.byName.get(lower) ?? [];
  if (byName.length === 1) return { product: byName[0], byBox: false };
  if (byBarcode.length + byBox.length > 1) return { matches: [...byBarcode, ...byBox] };
  return { matches: await searchProducts(lower) };
}

/** Products whose name holds the text (or whose barcode does), names starting with it first. */
export async function searchProducts(text: string, limit = 20): Promise<StoredProduct[]> {
  const lower = text.trim().toLowerCase();
  if (!lower) return [];
  const { all } = await catalogIndex();
  const starts: StoredProduct[] = [];
  const contains: StoredProduct[] = [];
  for (const p of all) {
    if (p.nameLower.startsWith(lower)) {
      starts.push(p);
      if (starts.length >= limit) return starts;
    } else if (contains.length < limit && (p.nameLower.includes(lower) || p.barcode.includes(lower))) {
      contains.push(p);
    }
  }
  return [...starts, ...contains].slice(0, limit);
}

export async function groupPriceOf(priceGroupID: number, productID: number): Promise<GroupPriceRow | undefined> {
  return (await catalogIndex()).groupPrices.get(priceKey(priceGroupID, productID));
}
