import { DAMAGED_BIN_ID, isoWeekday, todayIn, WAREHOUSE_ID } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { foldRollups } from '../../db/rollups.js';

const t = testApp();
const inv = invoiceCalls(() => t);
const today = todayIn('America/Chicago');

const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** On hand per location of a product, as the API answers it. */
async function stockOf(productID: number): Promise<Record<string, number>> {
  const { stock } = await ok('GET', `/api/stock/product/${productID}/`, undefined);
  return Object.fromEntries(
    stock.locations.map((l: { location: string; quantity: number }) => [l.location, l.quantity]),
  );
}

/**
 * The rule the roll-up must hold after anything: on hand per product and location (folded
 * levels plus pending deltas) equals the sum of the ledger's movements, and equals it folded.
 */
async function expectLevelsEqualLedger() {
  const db = t.database.db;
  const compare = sql`
    select coalesce(l.product_id, m.product_id) as product_id, coalesce(l.location_id, m.location_id) as location_id,
      coalesce(l.q, 0)::bigint as levels, coalesce(m.q, 0)::bigint as ledger
    from (select product_id, location_id, sum(q) as q from (
            select product_id, location_id, quantity as q from stock_levels
            union all select product_id, location_id, quantity from stock_level_deltas) x group by 1, 2) l
    full join (select product_id, location_id, sum(quantity) as q from stock_movements group by 1, 2) m
      on m.product_id = l.product_id and m.location_id = l.location_id
    where coalesce(l.q, 0) <> coalesce(m.q, 0)`;
  const pending = (await db.execute(compare)) as unknown as { rows: unknown[] };
  expect(pending.rows).toEqual([]);
  await foldRollups(db);
  const folded = (await db.execute(compare)) as unknown as { rows: unknown[] };
  expect(folded.rows).toEqual([]);
  const deltas = (await db.execute(sql`select count(*)::int as n from stock_level_deltas`)) as unknown as {
    rows: { n: number }[];
  };
  expect(deltas.rows[0].n).toBe(0);
}

let driver: Awaited<ReturnType<typeof t.createUser>>;
let truckId = 0;
let routeId = 0;
let storeId = 0;

beforeAll(async () => {
  driver = await t.createUser('driver.stock');
  await ok('PATCH', '/api/user/update/', { id: driver.id, driver: true });
  storeId = (await ok('POST', '/api/customer/new/', { company: 'Express Mart #124' })).customer.id;
  const { route } = await ok('POST', '/api/route/new/', {
    name: 'North loop',
    driverID: driver.id,
    truck: 'Truck 12',
    stops: [{ weekday: isoWeekday(today), customerID: storeId }],
  });
  routeId = route.id;
  const { locations } = await ok('POST', '/api/stock/locations/', undefined);
  truckId = locations.find((l: { routeID: number | null }) => l.routeID === routeId).id;
});

describe('stock locations', () => {
  it('are the warehouse, the damaged-goods bin and a truck per route, renamed with its route', async () => {
    const { locations } = await ok('POST', '/api/stock/locations/', undefined);
    expect(locations.slice(0, 2)).toEqual([
      { id: WAREHOUSE_ID, kind: 'warehouse', name: 'Warehouse', routeID: null, route: '' },
      { id: DAMAGED_BIN_ID, kind: 'damaged', name: 'Damaged goods', routeID: null, route: '' },
    ]);
    expect(locations).toContainEqual({
      id: truckId,
      kind: 'truck',
      name: 'Truck 12',
      routeID: routeId,
      route: 'North loop',
    });
    await ok('PATCH', '/api/route/update/', { id: routeId, truck: 'Truck 12B' });
    const after = (await ok('POST', '/api/stock/locations/', undefined)).locations;
    expect(after.find((l: { id: number }) => l.id === truckId).name).toBe('Truck 12B');
    await ok('PATCH', '/api/route/update/', { id: routeId, truck: 'Truck 12' });
    // Drivers read them too (the truck's stock on the phone); signed-out callers don't.
    expect((await t.call('POST', '/api/stock/locations/', undefined, driver.token)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/stock/locations/', undefined, null)).statusCode).toBe(401);
  });
});

describe('counts, loads and unloads', () => {
  it('a count sets on hand by a movement of the difference; a load and an unload move it between warehouse and truck', async () => {
    const cola = await createProduct(t, { name: 'Cola 12 oz', costPrice: 0.8 });
    const chips = await createProduct(t, { name: 'Chips', costPrice: 0.45 });
    const counted = await ok('POST', '/api/stock/count/', {
      locationID: WAREHOUSE_ID,
      lines: [
        { productID: cola.id, counted: 240 },
        { productID: chips.id, counted: 100 },
      ],
      reason: 'Opening count',
    });
    expect(counted.message).toBe('Count saved: 2 adjusted');
    expect(
      counted.movements.map((m: { quantity: number; kind: string; source: string; note: string; user: string }) => [
        m.quantity,
        m.kind,
        m.source,
        m.note,
        m.user,
      ]),
    ).toEqual([
      [240, 'counted', 'Count', 'Opening count', 'admin'],
      [100, 'counted', 'Count', 'Opening count', 'admin'],
    ]);
    // The same count again changes nothing; a lower count writes the shortfall.
    expect(
      (
        await ok('POST', '/api/stock/count/', {
          locationID: WAREHOUSE_ID,
          lines: [{ productID: cola.id, counted: 240 }],
          reason: 'Recount',
        })
      ).message,
    ).toBe('The count matches the books: nothing changed');
    const shrink = await ok('POST', '/api/stock/count/', {
      locationID: WAREHOUSE_ID,
      lines: [{ productID: chips.id, counted: 97 }],
      reason: 'Three bags torn',
    });
    expect(shrink.movements).toMatchObject([{ quantity: -3, kind: 'counted', note: 'Three bags torn' }]);

    const load = await ok('POST', '/api/stock/transfer/', {
      fromLocationID: WAREHOUSE_ID,
      toLocationID: truckId,
      lines: [
        { productID: cola.id, quantity: 48 },
        { productID: chips.id, quantity: 20 },
      ],
      note: 'Morning load',
    });
    expect(load.message).toBe('68 units loaded onto Truck 12');
    expect(load.movements).toHaveLength(4);
    expect(await stockOf(cola.id)).toEqual({ Warehouse: 192, 'Truck 12': 48 });
    const unload = await ok('POST', '/api/stock/transfer/', {
      fromLocationID: truckId,
      toLocationID: WAREHOUSE_ID,
      lines: [{ productID: chips.id, quantity: 5 }],
    });
    expect(unload.message).toBe('5 units unloaded from Truck 12');
    expect(await stockOf(chips.id)).toEqual({ Warehouse: 82, 'Truck 12': 15 });

    // The report: each location's rows with their value at cost, and totals over all rows.
    const truck = await ok('POST', '/api/stock/levels/', { locationID: truckId, searchQuery: '' });
    const mine = truck.levels.filter((l: { productID: number }) => [cola.id, chips.id].includes(l.productID));
    expect(mine).toEqual([
      expect.objectContaining({ product: 'Chips', location: 'Truck 12', quantity: 15, costPrice: 0.45, value: 6.75 }),
      expect.objectContaining({
        product: 'Cola 12 oz',
        location: 'Truck 12',
        quantity: 48,
        costPrice: 0.8,
        value: 38.4,
      }),
    ]);
    const searched = await ok('POST', '/api/stock/levels/', { searchQuery: 'Cola 12' });
    expect(searched.levels.map((l: { location: string; quantity: number }) => [l.location, l.quantity])).toEqual([
      ['Warehouse', 192],
      ['Truck 12', 48],
    ]);
    expect(searched.totals).toEqual({ quantity: 240, value: 192 });
    // A product's ledger, newest first, each movement named by what made it.
    const { movements } = await ok('POST', '/api/stock/movements/', { productID: chips.id });
    expect(
      movements.map(
        (m: { location: string; quantity: number; kind: string }) => `${m.kind} ${m.location} ${m.quantity}`,
      ),
    ).toEqual([
      'unloaded Warehouse 5',
      'unloaded Truck 12 -5',
      'loaded Truck 12 20',
      'loaded Warehouse -20',
      'counted Warehouse -3',
      'counted Warehouse 100',
    ]);
    // Its pages: the last one holds the oldest, and the count is the product's whole ledger.
    const last = await ok('POST', '/api/stock/movements/', { productID: chips.id, resultsPerPage: 4, currentPage: 2 });
    expect(last).toMatchObject({ totalRows: 6, numPages: 2, currentPage: 2 });
    expect(last.movements.map((m: { quantity: number }) => m.quantity)).toEqual([-3, 100]);
    const noted = await ok('POST', '/api/stock/movements/', { productID: chips.id, searchQuery: 'Morning' });
    expect(noted.totalRows).toBe(2);
    await expectLevelsEqualLedger();
  });

  it('lists every product at a location with includeZero, and requires the location for it', async () => {
    const gum = await createProduct(t, { name: 'Gum never stocked' });
    const all = await ok('POST', '/api/stock/levels/', {
      locationID: truckId,
      includeZero: true,
      searchQuery: 'Gum never',
    });
    expect(all.levels).toEqual([expect.objectContaining({ productID: gum.id, quantity: 0, value: 0 })]);
    const res = await t.call('POST', '/api/stock/levels/', { includeZero: true }, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose a location to list products with nothing on hand');
  });

  it('refuses bad input, unknown places and products, and drivers', async () => {
    const cola = await createProduct(t, { name: 'Refused cola' });
    const bad = [
      { locationID: WAREHOUSE_ID, lines: [], reason: 'x' },
      { locationID: WAREHOUSE_ID, lines: [{ productID: cola.id, counted: -1 }], reason: 'x' },
      { locationID: WAREHOUSE_ID, lines: [{ productID: cola.id, counted: 1.5 }], reason: 'x' },
      { locationID: WAREHOUSE_ID, lines: [{ productID: cola.id, counted: 1 }], reason: '  ' },
    ];
    for (const body of bad)
      expect((await t.call('POST', '/api/stock/count/', body, t.adminToken)).statusCode).toBe(400);
    const twice = await t.call(
      'POST',
      '/api/stock/count/',
      {
        locationID: WAREHOUSE_ID,
        lines: [
          { productID: cola.id, counted: 1 },
          { productID: cola.id, counted: 2 },
        ],
        reason: 'x',
      },
      t.adminToken,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Refused cola is on the list twice');
    const noPlace = await t.call(
      'POST',
      '/api/stock/count/',
      { locationID: 99_999, lines: [{ productID: cola.id, counted: 1 }], reason: 'x' },
      t.adminToken,
    );
    expect(noPlace.statusCode).toBe(404);
    expect(noPlace.json().message).toBe("The location doesn't exist");
    const noProduct = await t.call(
      'POST',
      '/api/stock/transfer/',
      { fromLocationID: WAREHOUSE_ID, toLocationID: truckId, lines: [{ productID: 99_999, quantity: 1 }] },
      t.adminToken,
    );
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json().message).toBe("Product 99999 doesn't exist");
    const toBin = await t.call(
      'POST',
      '/api/stock/transfer/',
      { fromLocationID: WAREHOUSE_ID, toLocationID: DAMAGED_BIN_ID, lines: [{ productID: cola.id, quantity: 1 }] },
      t.adminToken,
    );
    expect(toBin.statusCode).toBe(400);
    expect(toBin.json().field).toBe('toLocationID');
    expect((await t.call('GET', '/api/stock/product/99999/', undefined, t.adminToken)).statusCode).toBe(404);
    const byDriver = await t.call(
      'POST',
      '/api/stock/transfer/',
      { fromLocationID: WAREHOUSE_ID, toLocationID: truckId, lines: [{ productID: cola.id, quantity: 1 }] },
      driver.token,
    );
    expect(byDriver.statusCode).toBe(403);
    expect(
      (
        await t.call(
          'POST',
          '/api/stock/count/',
          { locationID: truckId, lines: [{ productID: cola.id, counted: 1 }], reason: 'x' },
          driver.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(await stockOf(cola.id)).toEqual({});
  });
});

describe('sales and returns move stock', () => {
  it('an office invoice moves its lines when submitted, follows every later change, and is reversed when deleted', async () => {
    const soda = await createProduct(t, { name: 'Soda for invoices', costPrice: 0.5 });
    await ok('POST', '/api/stock/count/', {
      locationID: WAREHOUSE_ID,
      lines: [{ productID: soda.id, counted: 50 }],
      reason: 'Opening count',
    });
    const created = await inv.newInvoice();
    const sale = await inv.addLine(created.id, soda.id);
    await ok('PATCH', '/api/invoice/update/item/', { id: sale.id, invoiceID: created.id, quantity: 6 });
    const back = await inv.addLine(created.id, soda.id);
    await ok('PATCH', '/api/invoice/update/item/', { id: back.id, invoiceID: created.id, quantity: -2 });
    // A draft moves nothing.
    expect(await stockOf(soda.id)).toEqual({ Warehouse: 50 });
    await inv.setInvoice(created.id, { customerID: storeId, status: 'DUE' });
    expect(await stockOf(soda.id)).toEqual({ Warehouse: 46 });
    // The return turns out damaged: it leaves the shelf for the bin.
    await ok('PATCH', '/api/invoice/update/item/', {
      id: back.id,
      invoiceID: created.id,
      quantity: -2,
      damagedGood: true,
    });
    expect(await stockOf(soda.id)).toEqual({ Warehouse: 44, 'Damaged goods': 2 });
    await ok('PATCH', '/api/invoice/update/item/', { id: sale.id, invoiceID: created.id, quantity: 10 });
    expect(await stockOf(soda.id)).toEqual({ Warehouse: 40, 'Damaged goods': 2 });
    const { movements } = await ok('POST', '/api/stock/movements/', { productID: soda.id });
    const invoiceNo = movements[0].source;
    expect(invoiceNo).toMatch(/^Invoice\/\d+$/);
    expect(
      movements.map(
        (m: { kind: string; quantity: number; location: string }) => `${m.kind} ${m.location} ${m.quantity}`,
      ),
    ).toEqual([
      'sold Warehouse -4',
      'damaged Damaged goods 2',
      'returned Warehouse -2',
      // Submitting moved both lines in one statement.
      'sold Warehouse -6',
      'returned Warehouse 2',
      'counted Warehouse 50',
    ]);
    await expectLevelsEqualLedger();
    expect((await t.call('DELETE', `/api/invoice/delete/${created.id}/`, undefined, t.adminToken)).statusCode).toBe(
      200,
    );
    expect(await stockOf(soda.id)).toEqual({ Warehouse: 50 });
    const after = await ok('POST', '/api/stock/movements/', { productID: soda.id });
    expect(after.movements[0].source).toBe('Invoice (deleted)');
    await expectLevelsEqualLedger();
  });

  it("a driver's synced invoice takes its goods off the driver's truck", async () => {
    const water = await createProduct(t, {
      name: 'Water 24 pack',
      costPrice: 3,
      sellingPrice: 4.5,
      suggestedRetailPrice: 5.99,
    });
    await ok('POST', '/api/stock/count/', {
      locationID: WAREHOUSE_ID,
      lines: [{ productID: water.id, counted: 30 }],
      reason: 'Opening count',
    });
    await ok('POST', '/api/stock/transfer/', {
      fromLocationID: WAREHOUSE_ID,
      toLocationID: truckId,
      lines: [{ productID: water.id, quantity: 10 }],
    });
    const { block, truckStock } = await ok(
      'POST',
      '/api/route/download/',
      { deviceID: 'phone-stock-0001' },
      driver.token,
    );
    // The morning download carries the truck's stock to the phone.
    expect(truckStock).toContainEqual({ productID: water.id, quantity: 10 });
    const line = (quantity: number, damaged = false) => ({
      productID: water.id,
      productName: 'Water 24 pack',
      barcode: water.barcode,
      quantity,
      damaged,
      costPrice: 3,
      sellingPrice: 4.5,
      suggestedRetailPrice: 5.99,
    });
    await ok(
      'POST',
      '/api/route/invoice/',
      {
        deviceID: 'phone-stock-0001',
        number: block.numbers[0],
        customerID: storeId,
        date: today,
        type: 'invoice',
        lines: [line(4), line(-1), line(-1, true)],
        payments: [],
        totals: { total: 18, amountCredited: 9 },
        printedAt: new Date().toISOString(),
      },
      driver.token,
    );
    expect(await stockOf(water.id)).toEqual({ Warehouse: 20, 'Truck 12': 7, 'Damaged goods': 1 });
    await expectLevelsEqualLedger();
  });
});

describe('many writers at once', () => {
  it('two drivers syncing while the office loads a third truck and submits invoices: on hand exact afterwards', async () => {
    const tea = await createProduct(t, {
      name: 'Iced tea concurrent',
      costPrice: 1,
      sellingPrice: 2,
      suggestedRetailPrice: 2.99,
    });
    // Two more drivers with routes: A and B sync, C's truck is loaded by the office meanwhile.
    const crews: { user: { id: number; token: string }; truck: number }[] = [];
    for (const name of ['driver.a', 'driver.b', 'driver.c']) {
      const user = await t.createUser(`${name}.stock`);
      await ok('PATCH', '/api/user/update/', { id: user.id, driver: true });
      const { route } = await ok('POST', '/api/route/new/', {
        name: `Route ${name}`,
        driverID: user.id,
        truck: `Truck ${name}`,
        stops: [{ weekday: isoWeekday(today), customerID: storeId }],
      });
      const { locations } = await ok('POST', '/api/stock/locations/', undefined);
      crews.push({ user, truck: locations.find((l: { routeID: number }) => l.routeID === route.id).id as number });
    }
    await ok('POST', '/api/stock/count/', {
      locationID: WAREHOUSE_ID,
      lines: [{ productID: tea.id, counted: 1000 }],
      reason: 'Opening count',
    });
    await ok('POST', '/api/stock/transfer/', {
      fromLocationID: WAREHOUSE_ID,
      toLocationID: crews[0].truck,
      lines: [{ productID: tea.id, quantity: 100 }],
    });
    await ok('POST', '/api/stock/transfer/', {
      fromLocationID: WAREHOUSE_ID,
      toLocationID: crews[1].truck,
      lines: [{ productID: tea.id, quantity: 100 }],
    });
    const blocks = await Promise.all(
      crews
        .slice(0, 2)
        .map(
          async (c, i) =>
            (await ok('POST', '/api/route/download/', { deviceID: `phone-conc-000${i}` }, c.user.token)).block
              .numbers as number[],
        ),
    );
    const line = (quantity: number, damaged = false) => ({
      productID: tea.id,
      productName: 'Iced tea concurrent',
      barcode: tea.barcode,
      quantity,
      damaged,
      costPrice: 1,
      sellingPrice: 2,
      suggestedRetailPrice: 2.99,
    });
    const ROUNDS = 12;
    const driverSyncs = crews.slice(0, 2).flatMap((c, i) =>
      Array.from({ length: ROUNDS }, (_, k) =>
        ok(
          'POST',
          '/api/route/invoice/',
          {
            deviceID: `phone-conc-000${i}`,
            number: blocks[i][k],
            customerID: storeId,
            date: today,
            lines: [line(3), line(-1), line(-1, true)],
            totals: { total: 6, amountCredited: 4 },
            printedAt: new Date().toISOString(),
          },
          c.user.token,
        ),
      ),
    );
    const loads = Array.from({ length: ROUNDS }, () =>
      ok('POST', '/api/stock/transfer/', {
        fromLocationID: WAREHOUSE_ID,
        toLocationID: crews[2].truck,
        lines: [{ productID: tea.id, quantity: 5 }],
      }),
    );
    const officeSales = Array.from({ length: 4 }, async () => {
      const created = await inv.newInvoice();
      const sale = await inv.addLine(created.id, tea.id);
      await ok('PATCH', '/api/invoice/update/item/', { id: sale.id, invoiceID: created.id, quantity: 2 });
      await inv.setInvoice(created.id, { customerID: storeId, status: 'DUE' });
    });
    await Promise.all([...driverSyncs, ...loads, ...officeSales]);

    // Each driver sold 12 × 3 and took 12 back resellable; 12 × 1 went to the bin from each.
    expect(await stockOf(tea.id)).toEqual({
      Warehouse: 1000 - 200 - ROUNDS * 5 - 4 * 2,
      'Truck driver.a': 100 - ROUNDS * 3 + ROUNDS,
      'Truck driver.b': 100 - ROUNDS * 3 + ROUNDS,
      'Truck driver.c': ROUNDS * 5,
      'Damaged goods': 2 * ROUNDS,
    });
    await expectLevelsEqualLedger();
  });
});

describe('the ledger is never changed', () => {
  it('refuses an update or a delete of a movement; a deleted user’s movements stay, without the name', async () => {
    const clerk = await t.createUser('clerk.counts');
    const tin = await createProduct(t, { name: 'Tin never changed' });
    await ok(
      'POST',
      '/api/stock/count/',
      { locationID: WAREHOUSE_ID, lines: [{ productID: tin.id, counted: 7 }], reason: 'Opening count' },
      clerk.token,
    );
    const db = t.database.db;
    await expect(
      db.execute(sql`update stock_movements set quantity = 8 where product_id = ${tin.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from stock_movements where product_id = ${tin.id}`)).rejects.toThrow();
    await db.execute(sql`delete from sessions where user_id = ${clerk.id}`);
    await db.execute(sql`delete from users where id = ${clerk.id}`);
    const { movements } = await ok('POST', '/api/stock/movements/', { productID: tin.id });
    expect(movements).toMatchObject([{ quantity: 7, kind: 'counted', note: 'Opening count', user: '' }]);
    expect(await stockOf(tin.id)).toEqual({ Warehouse: 7 });
  });
});
