// What a driver's device sends in the route bench (bench/route.ts): a day of invoices made from
// its morning download (priced by the contracts' rule, as the device prices them), each with a
// cheque paid with its photo (a ~150 KB JPEG) and a signature (a small PNG), sent one after another.
import { randomBytes } from 'node:crypto';
import {
  computeInvoiceTotals,
  type DeviceInvoiceInput,
  type RouteDownload,
  resolveLinePrices,
  toCents,
  toDollars,
} from '@wd/contracts';
import sharp from 'sharp';
import { call } from './route-seed.js';

export const INVOICES_PER_DAY = 30;
export const LINES_PER_INVOICE = 40;
/** Of the 40 lines, the last 3 are returns (the last one damaged). */
const RETURNS = 3;
const PHOTO_BYTES = 150 * 1024;

/** A JFIF APP0 segment: the photo then starts FF D8 FF E0, as a camera's JPEG does. */
const JFIF = Buffer.from([
  0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
]);

export interface Images {
  cheque: string;
  chequeBytes: number;
  signature: string;
  signatureBytes: number;
}

/**
 * The cheque's photo: a real JPEG (noise, so it does not compress; any decoder reads it) grown
 * until it holds about 150 KB, with a JFIF header; and a signature pad's PNG of one stroke.
 */
export async function deviceImages(): Promise<Images> {
  let photo = Buffer.alloc(0);
  for (let width = 400; photo.length < PHOTO_BYTES; width += 20) {
    const height = Math.round(width * 0.45);
    const raw = randomBytes(width * height * 3);
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    photo = Buffer.concat([jpeg.subarray(0, 2), JFIF, jpeg.subarray(2)]);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><rect width="400" height="120" fill="white"/>
    <path d="M10 80 C 60 10, 90 110, 140 60 S 220 20, 260 70 S 340 100, 390 40" stroke="black" stroke-width="3" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return {
    cheque: `data:image/jpeg;base64,${photo.toString('base64')}`,
    chequeBytes: photo.length,
    signature: `data:image/png;base64,${png.toString('base64')}`,
    signatureBytes: png.length,
  };
}

/** What the device expects the server to store for one invoice (cents). */
export interface Expected {
  number: number;
  total: number;
  amountCredited: number;
  paid: number;
}

/**
 * The day's invoices of a device from its download: invoice k for stop k (of 30), 40 lines of
 * products spread over the catalog, priced as the device prices them for the stop's price group;
 * a cheque for all it owes (every other invoice: half) with the photo, and the signature.
 * Answers the JSON bodies (built before the clock starts) and what each must store.
 */
export function dayOfInvoices(
  download: RouteDownload,
  deviceID: string,
  images: Images,
  date: string,
  count = INVOICES_PER_DAY,
): { bodies: string[]; expected: Expected[] } {
  const catalog = download.products;
  const groupPrice = new Map(download.groupPrices.map((g) => [`${g.priceGroupID}:${g.productID}`, g]));
  const stops = download.day.stops;
  const numbers = download.block.numbers.filter((n) => !download.block.used.includes(n));
  if (stops.length === 0) throw new Error(`${deviceID}: the download holds no stop for today`);
  if (numbers.length < count) throw new Error(`${deviceID}: ${numbers.length} numbers left, ${count} needed`);
  const bodies: string[] = [];
  const expected: Expected[] = [];
  for (let k = 0; k < count; k++) {
    const stop = stops[k % stops.length];
    const start = (k * LINES_PER_INVOICE * 13 + deviceID.length * 101) % catalog.length;
    const lines: DeviceInvoiceInput['lines'] = [];
    const cents: { quantity: number; sellingPrice: number; suggestedRetailPrice: number }[] = [];
    for (let l = 0; l < LINES_PER_INVOICE; l++) {
      const back = l >= LINES_PER_INVOICE - RETURNS;
      // 71 is prime to 3,000: 37 different products sold; the returns are of the first three.
      const product = catalog[(start + (back ? l - (LINES_PER_INVOICE - RETURNS) : l) * 71) % catalog.length];
      const g = groupPrice.get(`${stop.priceGroupID}:${product.id}`);
      const prices = resolveLinePrices(
        {
          costPrice: toCents(product.costPrice),
          sellingPrice: toCents(product.sellingPrice),
          suggestedRetailPrice: toCents(product.suggestedRetailPrice),
        },
        stop.priceGroupID,
        g ? { price: toCents(g.price), suggestedRetailPrice: toCents(g.suggestedRetailPrice) } : undefined,
      );
      const quantity = back ? -(1 + (l % 3)) : 1 + ((k + l) % 24);
      lines.push({
        productID: product.id,
        productName: product.name,
        barcode: product.barcode,
        quantity,
        damaged: l === LINES_PER_INVOICE - 1,
        costPrice: toDollars(prices.costPrice),
        sellingPrice: toDollars(prices.sellingPrice),
        suggestedRetailPrice: toDollars(prices.suggestedRetailPrice),
      });
      cents.push({ quantity, sellingPrice: prices.sellingPrice, suggestedRetailPrice: prices.suggestedRetailPrice });
    }
    const totals = computeInvoiceTotals(cents, []);
    const owed = totals.total - totals.amountCredited;
    const paid = k % 2 === 0 ? owed : Math.round(owed / 2);
    const signedAt = new Date().toISOString();
    const body: DeviceInvoiceInput = {
      deviceID,
      number: numbers[k],
      type: 'invoice',
      customerID: stop.customerID,
      date,
      printedAt: signedAt,
      lines,
      payments: [
        { paymentType: 'cheque', amount: toDollars(paid), chequeNo: String(1000 + k), chequeImage: images.cheque },
      ],
      totals: { total: toDollars(totals.total), amountCredited: toDollars(totals.amountCredited) },
      proof: {
        receivedBy: `Clerk of ${stop.customer}`,
        signedAt,
        signature: images.signature,
        latitude: 41.88 + k / 1000,
        longitude: -87.63 - k / 1000,
      },
    };
    bodies.push(JSON.stringify(body));
    expected.push({ number: numbers[k], total: totals.total, amountCredited: totals.amountCredited, paid });
  }
  return { bodies, expected };
}

export interface SyncResult {
  latencies: number[];
  byStatus: Map<number, number>;
  errors: string[];
  flags: number;
  /** An answer whose totals differ from what the device printed and paid. */
  mismatches: string[];
}

/** Sends a device's day, one invoice after another (as the device does once it has signal). */
export async function syncDay(
  url: string,
  token: string,
  day: { bodies: string[]; expected: Expected[] },
): Promise<SyncResult> {
  const result: SyncResult = { latencies: [], byStatus: new Map(), errors: [], flags: 0, mismatches: [] };
  for (const [i, body] of day.bodies.entries()) {
    const started = performance.now();
    const res = await call(url, 'POST', '/route/invoice/', body, token).catch((error) => ({
      status: 0,
      body: undefined,
      text: String(error),
    }));
    result.latencies.push(performance.now() - started);
    result.byStatus.set(res.status, (result.byStatus.get(res.status) ?? 0) + 1);
    if (res.status !== 200) {
      if (result.errors.length < 3) result.errors.push(`${res.status} ${res.text.slice(0, 200)}`);
      continue;
    }
    const { invoice, flags } = res.body;
    result.flags += flags.length;
    const e = day.expected[i];
    const got = [invoice.total, invoice.amountCredited, invoice.paid, invoice.balance].map(toCents);
    const want = [e.total, e.amountCredited, e.paid, e.total - e.amountCredited - e.paid];
    if (invoice.invoiceNo !== `Invoice/${e.number}` || got.join() !== want.join()) {
      result.mismatches.push(`${invoice.invoiceNo}: answered ${got.join('/')}, printed ${want.join('/')}`);
    }
  }
  return result;
}

/** Merges the results of several devices. */
export function merge(results: SyncResult[]): SyncResult {
  const all: SyncResult = { latencies: [], byStatus: new Map(), errors: [], flags: 0, mismatches: [] };
  for (const r of results) {
    all.latencies.push(...r.latencies);
    for (const [s, n] of r.byStatus) all.byStatus.set(s, (all.byStatus.get(s) ?? 0) + n);
    all.errors.push(...r.errors);
    all.flags += r.flags;
    all.mismatches.push(...r.mismatches);
  }
  return all;
}
