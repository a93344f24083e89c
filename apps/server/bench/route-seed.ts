// The route bench's data (bench/route.ts): a 3,000-product catalog (and 150 deleted products) and
// three customer price groups of 2,000 items each, written with SQL as the demo seed writes its
// catalog; then through the API, as the office makes them: drivers (users marked as drivers),
// each with a route of 30 stops today (a third in the default price group, the rest spread over
// the three groups) and the same stops tomorrow. Also the route bench's small HTTP client.
import { request } from 'node:http';
import { gs1CheckDigit, isoWeekday, todayIn } from '@wd/contracts';
import type { Db } from '../src/db/client.js';
import { priceGroupItems, products } from '../src/db/schema/index.js';
import { ADMIN_PASSWORD } from '../test/admin.js';

export const PRODUCTS = 3000;
const DELETED_PRODUCTS = 150;
export const GROUPS = 3;
export const GROUP_ITEMS = 2000;
export const STOPS = 30;
const DRIVER_PASSWORD = 'driver-password-1';

// biome-ignore lint/suspicious/noExplicitAny: the answers are read as the tests read them
export type Json = any;

/** A JSON call; the answer parsed. */
export async function call(url: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, body: json as Json, text };
}

async function must(url: string, method: string, path: string, body?: unknown, token?: string): Promise<Json> {
  const res = await call(url, method, path, body, token);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  return (await must(url, 'POST', '/user/signIn/', { email: username, password })).token;
}

/**
 * A POST over node:http that keeps what travelled: the status, the headers and the raw bytes
 * of the answer (not decoded: a compressed answer stays compressed), and the time to its last byte.
 */
export function rawPost(url: string, path: string, body: unknown, token: string, acceptEncoding: string) {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer; ms: number }>(
    (resolve, reject) => {
      const req = request(
        `${url}/api${path}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'accept-encoding': acceptEncoding,
            token,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              bytes: Buffer.concat(chunks),
              ms: performance.now() - started,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
}

export interface Driver {
  id: number;
  username: string;
  token: string;
  deviceID: string;
  customers: number[];
}

export interface RouteFixture {
  admin: string;
  groups: number[];
  /** 20 drivers whose devices sync at once, and one whose device syncs alone. */
  fleet: Driver[];
  solo: Driver;
}

/** The catalog and its group prices straight into the tables (as the demo seed writes its catalog). */
async function seedCatalog(db: Db, groups: number[]) {
  const categories = ['Beverages', 'Energy Drinks', 'Snacks', 'Candy', 'Gum & Mints', 'Grocery', 'Automotive'];
  const sizes = ['12oz Can', '20oz Bottle', 'King Size 3.29oz', 'Party Size 9.25oz', '1.93oz Shot', '24ct Bottle'];
  const rows: (typeof products.$inferInsert)[] = [];
  for (let i = 0; i < PRODUCTS + DELETED_PRODUCTS; i++) {
    const body = String(50_000_000_000 + i * 7);
    const barcode = body + gs1CheckDigit(body);
    const cost = 30 + ((i * 7919) % 1400);
    const selling = Math.round(cost * 1.3);
    rows.push({
      name: `Route item ${i} ${sizes[i % sizes.length]}`,
      unitQuantity: [1, 6, 12, 24][i % 4],
      barcodeSymbology: 'upca',
      barcode,
      boxBarcode: i % 5 < 2 ? `1${barcode}` : '',
      category: categories[i % categories.length],
      costPrice: cost,
      sellingPrice: selling,
      suggestedRetailPrice: Math.round(selling * 1.6),
      // Every 21st product deleted: the download must leave them out.
      deletedAt: i % 21 === 20 ? new Date() : null,
    });
  }
  const ids: { id: number; sellingPrice: number; suggestedRetailPrice: number; deleted: boolean }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(products)
      .values(rows.slice(i, i + 500))
      .returning({
        id: products.id,
        sellingPrice: products.sellingPrice,
        suggestedRetailPrice: products.suggestedRetailPrice,
        deletedAt: products.deletedAt,
      });
    ids.push(...inserted.map((p) => ({ ...p, deleted: p.deletedAt !== null })));
  }
  const active = ids.filter((p) => !p.deleted);
  if (active.length !== PRODUCTS) throw new Error(`${active.length} active products seeded, not ${PRODUCTS}`);
  // Each group: an item for 2,000 of the 3,000 active products (every product but one in three).
  for (const [g, groupId] of groups.entries()) {
    const items = active
      .filter((_, i) => i % 3 !== g)
      .slice(0, GROUP_ITEMS)
      .map((p, i) => ({
        priceGroupId: groupId,
        productId: p.id,
        price: Math.max(1, p.sellingPrice - 1 - (i % 9)),
        suggestedRetailPrice: p.suggestedRetailPrice,
      }));
    for (let i = 0; i < items.length; i += 500) await db.insert(priceGroupItems).values(items.slice(i, i + 500));
  }
}

/** A driver: a user marked as a driver, 30 customers and a route with them as today's (and tomorrow's) stops. */
async function seedDriver(url: string, admin: string, groups: number[], n: number, name: string): Promise<Driver> {
  const username = `driver.${name}`;
  const user = (
    await must(
      url,
      'POST',
      '/user/signUp/',
      { username, email: `${username}@example.com`, password: DRIVER_PASSWORD, type: 'user' },
      admin,
    )
  ).user;
  await must(url, 'PATCH', '/user/update/', { id: user.id, driver: true }, admin);
  const customers: number[] = [];
  for (let j = 0; j < STOPS; j++) {
    // One stop in three in the default group; the others spread over the three price groups.
    const priceGroupID = j % 3 === 0 ? 1 : groups[Math.floor(j / 3) % groups.length];
    const customer = (
      await must(
        url,
        'POST',
        '/customer/new/',
        {
          company: `Route ${n} Store ${j + 1}`,
          priceGroupID,
          address: `${100 + j} Main St`,
          city: 'Chicago',
          phone: `312-555-${String(1000 + n * 40 + j).slice(-4)}`,
        },
        admin,
      )
    ).customer;
    customers.push(customer.id);
  }
  const today = isoWeekday(todayIn('America/Chicago'));
  const tomorrow = (today % 7) + 1;
  await must(
    url,
    'POST',
    '/route/new/',
    {
      name: `Route ${n}`,
      driverID: user.id,
      truck: `Truck ${n}`,
      stops: [
        ...customers.map((customerID) => ({ weekday: today, customerID })),
        ...customers.map((customerID) => ({ weekday: tomorrow, customerID })),
      ],
    },
    admin,
  );
  const token = await signIn(url, username, DRIVER_PASSWORD);
  return { id: user.id, username, token, deviceID: `device-${name}-0001`, customers };
}

/** The catalog, the price groups, `fleet` drivers and one more (the solo device). */
export async function seedRoutes(url: string, db: Db, fleet: number): Promise<RouteFixture> {
  const admin = await signIn(url, 'admin', ADMIN_PASSWORD);
  const groups: number[] = [];
  for (let g = 0; g < GROUPS; g++) {
    groups.push((await must(url, 'POST', '/priceGroup/new/', { name: `Chain ${g + 1}` }, admin)).priceGroup.id);
  }
  await seedCatalog(db, groups);
  const drivers: Driver[] = [];
  for (let n = 0; n <= fleet; n++) {
    drivers.push(await seedDriver(url, admin, groups, n + 1, n === fleet ? 'solo' : `d${n + 1}`));
  }
  return { admin, groups, fleet: drivers.slice(0, fleet), solo: drivers[fleet] };
}
