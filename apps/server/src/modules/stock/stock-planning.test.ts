import { addDays, DAMAGED_BIN_ID, isoWeekday, todayIn, WAREHOUSE_ID } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { stockKit } from '../../../test/stock.js';

/** The load sheet, reorder levels, the oversold flag and the stock screens' CSV files. */
const t = testApp();
const inv = invoiceCalls(() => t);
const day = todayIn('America/Chicago');

const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const status = async (method: string, url: string, body: unknown, token: string | undefined = t.adminToken) =>
  (await t.call(method as 'POST', url, body, token)).statusCode;

/** A submitted invoice of a customer on a date with (product, quantity) lines. */
async function sell(customerID: number, date: string, lines: [number, number][], submit = true) {
  const created = await inv.newInvoice();
  for (const [productID, quantity] of lines) {
    const line = await inv.addLine(created.id, productID);
    await ok('PATCH', '/api/invoice/update/item/', { id: line.id, invoiceID: created.id, quantity });
  }
  await inv.setInvoice(created.id, { customerID, date, ...(submit ? { status: 'DUE' } : {}) });
  return created.id;
}

/** A CSV answer's rows as arrays of cells (the export's dialect: BOM, CRLF, no quoted commas here). */
function csvRows(body: string) {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

let driver: Awaited<ReturnType<typeof t.createUser>>;
let routeId = 0;
let truckId = 0;
let storeA = 0;
let storeB = 0;
let elsewhere = 0;
let cola: { id: number };
let chips: { id: number };
let water: { id: number };

beforeAll(async () => {
  driver = await t.createUser('driver.plan');
  await ok('PATCH', '/api/user/update/', { id: driver.id, driver: true });
  storeA = (await ok('POST', '/api/customer/new/', { company: 'Corner Mart #7' })).customer.id;
  storeB = (await ok('POST', '/api/customer/new/', { company: 'Quick Stop #2' })).customer.id;
  elsewhere = (await ok('POST', '/api/customer/new/', { company: 'Not on the route' })).customer.id;
  const { route } = await ok('POST', '/api/route/new/', {
    name: 'East loop',
    driverID: driver.id,
    truck: 'Truck 31',
    stops: [
      { weekday: isoWeekday(day), customerID: storeA },
      { weekday: isoWeekday(day), customerID: storeB },
    ],
  });
  routeId = route.id;
  const { locations } = await ok('POST', '/api/stock/locations/', undefined);
  truckId = locations.find((l: { routeID: number | null }) => l.routeID === routeId).id;
  cola = await createProduct(t, { name: 'Plan Cola 12oz', costPrice: 0.4 });
  chips = await createProduct(t, { name: 'Plan Chips 2oz', costPrice: 0.25 });
  water = await createProduct(t, { name: 'Plan Water 1L', costPrice: 0.3 });
  await ok('POST', '/api/stock/count/', {
    locationID: WAREHOUSE_ID,
    lines: [
      { productID: cola.id, counted: 100 },
      { productID: chips.id, counted: 40 },
    ],
    reason: 'Opening count',
  });
});

describe('the morning load sheet', () => {
  it("suggests each stop's usual quantity over the weeks before the day, less what is on the truck", async () => {
    // The four weeks before the day: Corner Mart took 10 and 6 colas, Quick Stop 8 chips.
    await sell(storeA, addDays(day, -7), [
      [cola.id, 10],
      [chips.id, -3], // a return: not netted
    ]);
    await sell(storeA, addDays(day, -14), [[cola.id, 6]]);
    await sell(storeB, addDays(day, -7), [[chips.id, 8]]);
    // Not read: a draft, another customer, the day itself, and before the four weeks.
    await sell(storeA, addDays(day, -7), [[cola.id, 50]], false);
    await sell(elsewhere, addDays(day, -7), [[cola.id, 70]]);
    await sell(storeA, day, [[cola.id, 30]]);
    await sell(storeB, addDays(day, -29), [[chips.id, 9]]);
    // One cola is on the truck from an earlier day; water is on it and nobody buys it.
    await ok('POST', '/api/stock/count/', {
      locationID: truckId,
      lines: [
        { productID: cola.id, counted: 1 },
        { productID: water.id, counted: 2 },
      ],
      reason: 'Left on the truck',
    });

    const { loadSheet } = await ok('POST', '/api/stock/loadSheet/', { routeID: routeId, date: day });
    expect(loadSheet).toMatchObject({
      routeID: routeId,
      route: 'East loop',
      truck: 'Truck 31',
      locationID: truckId,
      driver: 'driver.plan',
      date: day,
      weekday: isoWeekday(day),
      weeks: 4,
      from: addDays(day, -28),
      to: addDays(day, -1),
      stops: [
        { customerID: storeA, company: 'Corner Mart #7' },
        { customerID: storeB, company: 'Quick Stop #2' },
      ],
    });
    const byName = Object.fromEntries(
      loadSheet.lines.map((l: { product: string }) => [l.product, { ...l, product: undefined, productID: undefined }]),
    );
    // The day's sale of 30 colas already left the warehouse (100 − 10 − 6 − 70 − 30 = −16).
    expect(byName['Plan Cola 12oz']).toMatchObject({ usual: 4, onTruck: 1, inWarehouse: -16, suggested: 3 });
    expect(byName['Plan Chips 2oz']).toMatchObject({ usual: 2, onTruck: 0, inWarehouse: 40 - 8 + 3 - 9, suggested: 2 });
    expect(byName['Plan Water 1L']).toMatchObject({ usual: 0, onTruck: 2, inWarehouse: 0, suggested: 0 });
    expect(loadSheet.lines.map((l: { product: string }) => l.product)).toEqual([
      'Plan Chips 2oz',
      'Plan Cola 12oz',
      'Plan Water 1L',
    ]);

    // Two weeks: only the sales of the last two weeks, per week.
    const two = (await ok('POST', '/api/stock/loadSheet/', { routeID: routeId, date: day, weeks: 2 })).loadSheet;
    expect(two.lines.find((l: { productID: number }) => l.productID === cola.id)).toMatchObject({ usual: 8 });

    // Confirmed as the screen does (a load), the truck has the usual and nothing more is suggested.
    await ok('POST', '/api/stock/transfer/', {
      fromLocationID: WAREHOUSE_ID,
      toLocationID: truckId,
      note: 'Load sheet',
      lines: [
        { productID: cola.id, quantity: 3 },
        { productID: chips.id, quantity: 2 },
      ],
    });
    const after = (await ok('POST', '/api/stock/loadSheet/', { routeID: routeId, date: day })).loadSheet;
    expect(
      after.lines.map((l: { product: string; onTruck: number; suggested: number }) => [
        l.product,
        l.onTruck,
        l.suggested,
      ]),
    ).toEqual([
      ['Plan Chips 2oz', 2, 0],
      ['Plan Cola 12oz', 4, 0],
      ['Plan Water 1L', 2, 0],
    ]);
  });

  it('a weekday without stops suggests nothing but still lists the truck', async () => {
    const { loadSheet } = await ok('POST', '/api/stock/loadSheet/', { routeID: routeId, date: addDays(day, 1) });
    expect(loadSheet.stops).toEqual([]);
    expect(loadSheet.lines.every((l: { suggested: number; onTruck: number }) => l.suggested === 0)).toBe(true);
    expect(loadSheet.lines.length).toBeGreaterThan(0);
  });

  it('refuses a bad date or period (400), an unknown route (404) and a caller without a session (401)', async () => {
    expect(await status('POST', '/api/stock/loadSheet/', { routeID: routeId, date: '2026-02-30' })).toBe(400);
    expect(await status('POST', '/api/stock/loadSheet/', { routeID: routeId, date: day, weeks: 0 })).toBe(400);
    const missing = await t.call('POST', '/api/stock/loadSheet/', { routeID: 99_999, date: day }, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The route doesn't exist");
    expect((await t.call('POST', '/api/stock/loadSheet/', { routeID: routeId, date: day })).statusCode).toBe(401);
  });
});

describe('reorder levels', () => {
  it('lists the products whose warehouse and truck stock is under their level, with what is short and its cost', async () => {
    const saved = await ok('POST', '/api/stock/reorderLevels/', {
      lines: [
        { productID: cola.id, reorderLevel: 20 },
        { productID: chips.id, reorderLevel: 25 },
        { productID: water.id, reorderLevel: 1 },
      ],
    });
    expect(saved.message).toBe('Reorder level saved for 3 products');
    // 50 damaged colas are in the bin: they are not sellable, so they count for nothing here.
    await ok('POST', '/api/stock/count/', {
      locationID: DAMAGED_BIN_ID,
      lines: [{ productID: cola.id, counted: 50 }],
      reason: 'Crushed cases',
    });
    await stockKit(t).expectLevelsEqualLedger();
    // Chips: 24 in the warehouse + 2 on the truck = 26, above 25. Water: 2 on the truck, above 1.
    // Cola: −19 in the warehouse + 4 on the truck = −15, short 35 at $0.40.
    const below = await ok('POST', '/api/stock/reorder/', { searchQuery: 'Plan ' });
    expect(below.products).toEqual([
      {
        productID: cola.id,
        product: 'Plan Cola 12oz',
        barcode: expect.any(String),
        category: 'Snacks',
        reorderLevel: 20,
        warehouse: -19,
        trucks: 4,
        sellable: -15,
        short: 35,
        costPrice: 0.4,
        value: 14,
      },
    ]);
    expect(below.totals).toEqual({ short: 35, value: 14 });
    const all = await ok('POST', '/api/stock/reorder/', {
      searchQuery: 'Plan ',
      all: true,
      sortingList: [{ column: 'sellable', order: 'desc' }],
    });
    expect(all.products.map((p: { product: string; short: number }) => [p.product, p.short])).toEqual([
      ['Plan Chips 2oz', 0],
      ['Plan Water 1L', 0],
      ['Plan Cola 12oz', 35],
    ]);
    expect(all.totalRows).toBe(3);

    // A level of 0 takes the product off the report; the change is in the product's history.
    await ok('POST', '/api/stock/reorderLevels/', { lines: [{ productID: water.id, reorderLevel: 0 }] });
    const after = await ok('POST', '/api/stock/reorder/', { searchQuery: 'Plan ', all: true });
    expect(after.totalRows).toBe(2);
    const audit = await t.database.db.execute(
      sql`select before, after from audit_log where entity = 'product' and action = 'update' and entity_id = ${water.id} order by id`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { before: { reorderLevel: 0 }, after: { reorderLevel: 1 } },
      { before: { reorderLevel: 1 }, after: { reorderLevel: 0 } },
    ]);
  });

  it('refuses a negative level or a product twice (400), an unknown product (404) and a driver (403)', async () => {
    const bad = (lines: unknown, token?: string) => status('POST', '/api/stock/reorderLevels/', { lines }, token);
    expect(await bad([{ productID: cola.id, reorderLevel: -1 }])).toBe(400);
    expect(await bad([])).toBe(400);
    expect(
      await bad([
        { productID: cola.id, reorderLevel: 3 },
        { productID: cola.id, reorderLevel: 4 },
      ]),
    ).toBe(400);
    expect(await bad([{ productID: 99_999, reorderLevel: 3 }])).toBe(404);
    expect(await bad([{ productID: cola.id, reorderLevel: 3 }], driver.token)).toBe(403);
    expect(await status('POST', '/api/stock/reorder/', { sortingList: [{ column: 'nope', order: 'asc' }] })).toBe(400);
  });
});

describe('the oversold flag', () => {
  it('counts the products below zero at a location, and the report lists only them when asked', async () => {
    const all = await ok('POST', '/api/stock/levels/', { searchQuery: 'Plan ' });
    expect(all.belowZero).toBeGreaterThanOrEqual(1);
    const below = await ok('POST', '/api/stock/levels/', { searchQuery: 'Plan ', belowZero: true });
    expect(
      below.levels.map((l: { product: string; location: string; quantity: number }) => [
        l.product,
        l.location,
        l.quantity,
      ]),
    ).toEqual([['Plan Cola 12oz', 'Warehouse', -19]]);
    expect(below.totals).toEqual({ quantity: -19, value: -7.6 });
  });
});

describe('Export CSV of the stock screens', () => {
  it('the stock report: the filter and sort of the screen, money from cents', async () => {
    const res = await t.call(
      'POST',
      '/api/stock/levels/export/',
      { searchQuery: 'Plan ', locationID: truckId, sortingList: [{ column: 'quantity', order: 'desc' }] },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual(['Product', 'Barcode', 'Category', 'Location', 'On Hand', 'Cost Price', 'Value at Cost']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4], r[5], r[6]])).toEqual([
      ['Plan Cola 12oz', 'Truck 31', '4', '0.40', '1.60'],
      ['Plan Chips 2oz', 'Truck 31', '2', '0.25', '0.50'],
      ['Plan Water 1L', 'Truck 31', '2', '0.30', '0.60'],
    ]);
  });

  it("the ledger: a product's movements newest first, labelled as on screen", async () => {
    const res = await t.call('POST', '/api/stock/movements/export/', { productID: chips.id }, t.adminToken);
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual(['When', 'Product', 'Location', 'Movement', 'Quantity', 'Source', 'Note', 'User']);
    const body = rows.slice(1).map((r) => [r[2], r[3], r[4], r[5]]);
    expect(body[0]).toEqual(['Truck 31', 'Loaded', '2', 'Transfer']);
    expect(body[1]).toEqual(['Warehouse', 'Loaded', '-2', 'Transfer']);
    expect(body.at(-1)).toEqual(['Warehouse', 'Counted', '40', 'Count']);
    expect(body.filter((r) => r[1] === 'Sold').map((r) => r[2])).toEqual(['-9', '-8']);
    expect(rows[1][0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('the reorder report, and the settlements (the office only)', async () => {
    const reorder = await t.call('POST', '/api/stock/reorder/export/', { searchQuery: 'Plan ' }, t.adminToken);
    expect(csvRows(reorder.body).slice(1)).toEqual([
      [
        expect.stringContaining('Plan Cola'),
        expect.any(String),
        'Snacks',
        '20',
        '-19',
        '4',
        '-15',
        '35',
        '0.40',
        '14.00',
      ],
    ]);
    await ok('POST', '/api/settlement/open/', { driverID: driver.id, date: day });
    const settlements = await t.call('POST', '/api/settlement/export/', { driverID: driver.id }, t.adminToken);
    expect(settlements.statusCode).toBe(200);
    expect(csvRows(settlements.body)).toEqual([
      ['Day', 'Driver', 'Truck', 'Status', 'Stock Over/Short', 'Money Over/Short', 'Adjustments', 'Over/Short'],
      [day, 'driver.plan', 'Truck 31', 'Open', '0.00', '0.00', '0.00', '0.00'],
    ]);
    expect(await status('POST', '/api/settlement/export/', {}, driver.token)).toBe(403);
  });
});
