import { DEVICE_FLAG_MESSAGES } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { expectSortRefused, sortedColumn } from '../../../test/lists.js';

const t = testApp();
const LIST = '/api/deviceFlag/all/';
const settleUrl = (id: number) => `/api/deviceFlag/settle/${id}/`;

interface Flag {
  id: number;
  invoiceID: number;
  invoiceNo: string;
  driver: string;
  deviceID: string;
  kind: string;
  message: string;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string;
  note: string;
}
type Product = Awaited<ReturnType<typeof createProduct>>;
type Driver = { id: number; token: string; device: string; numbers: number[] };

let ann: Driver;
let bob: Driver;
let store: number;
let cola: Product;
let chips: Product;
let gum: Product;
/** The invoices the syncs stored: ann's cola, bob's chips, ann's cola and gum. */
const invoices: { id: number; invoiceNo: string }[] = [];

const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const list = async (body: Record<string, unknown> = {}) => (await ok('POST', LIST, body)).flags as Flag[];

/** A driver whose device holds a block of numbers (POST /api/route/numbers/reserve/). */
async function driverWithNumbers(username: string, device: string): Promise<Driver> {
  const user = await t.createUser(username);
  const { block } = await ok('POST', '/api/route/numbers/reserve/', { deviceID: device, count: 5 }, user.token);
  return { ...user, device, numbers: block.numbers };
}

/** A line as the device sold it: the product at `price`, four of them. */
const line = (p: Product, price: number) => ({
  productID: p.id,
  productName: p.name,
  barcode: p.barcode,
  quantity: 4,
  costPrice: p.costPrice,
  sellingPrice: price,
  suggestedRetailPrice: p.suggestedRetailPrice,
});

/** Syncs an invoice as the device printed it (its totals add up), answering the stored invoice. */
async function sync(driver: Driver, lines: ReturnType<typeof line>[]) {
  const total = Math.round(lines.reduce((sum, l) => sum + l.quantity * l.sellingPrice * 100, 0)) / 100;
  const body = {
    deviceID: driver.device,
    number: driver.numbers.shift(),
    customerID: store,
    date: '2026-11-26',
    printedAt: '2026-11-26T14:05:00-06:00',
    lines,
    totals: { total, amountCredited: 0 },
    payments: [],
    proof: null,
  };
  const result = await ok('POST', '/api/route/invoice/', body, driver.token);
  invoices.push(result.invoice);
  return result;
}

beforeAll(async () => {
  ann = await driverWithNumbers('driver.ann', 'phone-ann-0001');
  bob = await driverWithNumbers('driver.bob', 'phone-bob-0001');
  // No credit limit: the syncs flag only what the tests sell differently.
  store = (await ok('POST', '/api/customer/new/', { company: 'Corner Market #7' })).customer.id;
  cola = await createProduct(t, { name: 'Cola 12oz', costPrice: 0.8, sellingPrice: 1.5, suggestedRetailPrice: 1.99 });
  chips = await createProduct(t, { name: 'Chips', costPrice: 0.5, sellingPrice: 0.99, suggestedRetailPrice: 1.49 });
  gum = await createProduct(t, { name: 'Gum', costPrice: 0.2, sellingPrice: 0.5, suggestedRetailPrice: 0.99 });

  expect((await sync(ann, [line(cola, 1.25)])).flags.map((f: Flag) => f.kind)).toEqual(['price']);
  expect((await sync(bob, [line(chips, 0.89)])).flags.map((f: Flag) => f.kind)).toEqual(['price']);
  await ok('DELETE', `/api/product/delete/${gum.id}/`, undefined);
  expect((await sync(ann, [line(cola, 1.25), line(gum, 0.5)])).flags.map((f: Flag) => f.kind)).toEqual([
    'price',
    'deletedProduct',
  ]);
});

describe('the driver flags list', () => {
  it('answers the open flags by default, newest first, with the driver, device, invoice and message', async () => {
    const res = await t.call('POST', LIST, undefined, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const { flags, totalRows, currentPage, numPages } = res.json();
    expect({ totalRows, currentPage, numPages }).toEqual({ totalRows: 4, currentPage: 1, numPages: 1 });
    expect(flags.map((f: Flag) => [f.invoiceNo, f.kind])).toEqual([
      [invoices[2].invoiceNo, 'deletedProduct'],
      [invoices[2].invoiceNo, 'price'],
      [invoices[1].invoiceNo, 'price'],
      [invoices[0].invoiceNo, 'price'],
    ]);
    const first = flags[3];
    expect(first).toEqual({
      id: expect.any(Number),
      invoiceID: invoices[0].id,
      invoiceNo: invoices[0].invoiceNo,
      driver: 'driver.ann',
      deviceID: 'phone-ann-0001',
      kind: 'price',
      message: "Cola 12oz: sold at $1.25; the office's price for this customer is $1.50",
      createdAt: expect.any(String),
      resolvedAt: null,
      resolvedBy: '',
      note: '',
    });
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
  });

  it('searches the message, the driver and the invoice number', async () => {
    expect((await list({ searchQuery: 'driver.bob' })).map((f) => f.message)).toEqual([
      "Chips: sold at $0.89; the office's price for this customer is $0.99",
    ]);
    expect((await list({ searchQuery: 'cola 12' })).map((f) => f.invoiceNo)).toEqual([
      invoices[2].invoiceNo,
      invoices[0].invoiceNo,
    ]);
    expect((await list({ searchQuery: invoices[2].invoiceNo })).map((f) => f.kind)).toEqual([
      'deletedProduct',
      'price',
    ]);
    expect(await list({ searchQuery: 'nothing like this' })).toEqual([]);
  });

  it('sorts by date, kind and driver, pages, and refuses any other column', async () => {
    expect(await sortedColumn(t, LIST, 'flags', 'kind', 'asc')).toEqual(['deletedProduct', 'price', 'price', 'price']);
    expect(await sortedColumn(t, LIST, 'flags', 'driver', 'desc')).toEqual([
      'driver.bob',
      'driver.ann',
      'driver.ann',
      'driver.ann',
    ]);
    const byDate = await sortedColumn<string>(t, LIST, 'flags', 'createdAt', 'asc');
    expect([...byDate].sort()).toEqual(byDate);
    const page2 = await ok('POST', LIST, { resultsPerPage: 3, currentPage: 2 });
    expect({ rows: page2.flags.length, numPages: page2.numPages, totalRows: page2.totalRows }).toEqual({
      rows: 1,
      numPages: 2,
      totalRows: 4,
    });
    await expectSortRefused(t, LIST);
  });

  it('refuses a state it does not know', async () => {
    const res = await t.call('POST', LIST, { state: 'closed' }, t.adminToken);
    expect(res.statusCode).toBe(400);
  });
});

describe('settling a flag', () => {
  it('records when, who and the note, answers the flag, moves it from open to settled, and audits it', async () => {
    const [flag] = await list({ searchQuery: 'driver.bob' });
    const res = await t.call(
      'POST',
      settleUrl(flag.id),
      { note: '  Called Bob: promo price, approved  ' },
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    const settled: Flag = res.json().flag;
    expect(settled).toEqual({
      ...flag,
      resolvedAt: expect.any(String),
      resolvedBy: 'admin',
      note: 'Called Bob: promo price, approved',
    });
    expect(Date.parse(settled.resolvedAt as string)).toBeGreaterThanOrEqual(Date.parse(flag.createdAt));

    expect((await list()).map((f) => f.id)).not.toContain(flag.id);
    expect(await list({ state: 'open' })).toHaveLength(3);
    expect(await list({ state: 'settled' })).toEqual([settled]);
    const all = await list({ state: 'all' });
    expect(all).toHaveLength(4);
    expect(all.find((f) => f.id === flag.id)).toEqual(settled);
    expect(await list({ state: 'settled', searchQuery: 'driver.ann' })).toEqual([]);

    const audit = (await ok('POST', '/api/audit/all/', { entity: 'device_flag', entityId: flag.id })).auditLog;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user: 'admin', action: 'update' });
    const changed = Object.fromEntries(
      audit[0].changes.map((c: { field: string; before: string; after: string }) => [c.field, [c.before, c.after]]),
    );
    expect(changed.resolvedBy).toEqual(['', 'admin']);
    expect(changed.note).toEqual(['', 'Called Bob: promo price, approved']);
    expect(changed.resolvedAt[0]).toBe('null');
  });

  it('refuses a flag already settled (409), twice, and changes nothing', async () => {
    const [flag] = await list({ state: 'settled' });
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', settleUrl(flag.id), { note: 'Again' }, t.adminToken);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(DEVICE_FLAG_MESSAGES.alreadySettled);
    }
    expect(await list({ state: 'settled' })).toEqual([flag]);
  });

  it('settles once when two settle the same flag at the same time', async () => {
    const [flag] = await list({ searchQuery: 'Gum' });
    const answers = await Promise.all(
      ['First', 'Second'].map((note) => t.call('POST', settleUrl(flag.id), { note }, t.adminToken)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [settled] = await list({ state: 'settled', searchQuery: 'Gum' });
    expect(settled.note).toBe(answers.find((r) => r.statusCode === 200)?.json().flag.note);
  });

  it("answers 404 for a flag that doesn't exist", async () => {
    const res = await t.call('POST', settleUrl(999_999), { note: 'Checked' }, t.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DEVICE_FLAG_MESSAGES.notFound);
  });

  it('needs a note of 1 to 500 characters', async () => {
    const [flag] = await list();
    for (const body of [{ note: '' }, { note: '   ' }, { note: 'x'.repeat(501) }, {}]) {
      const res = await t.call('POST', settleUrl(flag.id), body, t.adminToken);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'note' });
    }
    expect((await list()).map((f) => f.id)).toContain(flag.id);
  });

  it('is for admins only: 403 for a user who is not one, 401 without a token', async () => {
    const [flag] = await list();
    const settle = await t.call('POST', settleUrl(flag.id), { note: 'Mine' }, ann.token);
    expect(settle.statusCode).toBe(403);
    expect((await t.call('POST', LIST, {}, ann.token)).statusCode).toBe(403);
    expect((await t.call('POST', settleUrl(flag.id), { note: 'Mine' }, null)).statusCode).toBe(401);
    expect((await t.call('POST', LIST, {}, null)).statusCode).toBe(401);
    expect((await list()).map((f) => f.id)).toContain(flag.id);
  });
});
