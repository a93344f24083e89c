import { DAMAGED_BIN_ID, WAREHOUSE_ID } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { stockKit, stockRoute } from '../../../test/stock.js';
import { rowsOf } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';

const t = testApp();
const { ok, stockOf, expectLevelsEqualLedger } = stockKit(t);
const r = stockRoute(t);

describe('stock locations', () => {
  it('are the warehouse, the damaged-goods bin and a truck per route, renamed with its route', async () => {
    const { locations } = await ok('POST', '/api/stock/locations/', undefined);
    expect(locations.slice(0, 2)).toEqual([
      { id: WAREHOUSE_ID, kind: 'warehouse', name: 'Warehouse', routeID: null, route: '' },
      { id: DAMAGED_BIN_ID, kind: 'damaged', name: 'Damaged goods', routeID: null, route: '' },
    ]);
    expect(locations).toContainEqual({
      id: r.truckId,
      kind: 'truck',
      name: 'Truck 12',
      routeID: r.routeId,
      route: 'North loop',
    });
    await ok('PATCH', '/api/route/update/', { id: r.routeId, truck: 'Truck 12B' });
    const after = (await ok('POST', '/api/stock/locations/', undefined)).locations;
    expect(after.find((l: { id: number }) => l.id === r.truckId).name).toBe('Truck 12B');
    await ok('PATCH', '/api/route/update/', { id: r.routeId, truck: 'Truck 12' });
    // Drivers read them too (the truck's stock on the phone); signed-out callers don't.
    expect((await t.call('POST', '/api/stock/locations/', undefined, r.driver.token)).statusCode).toBe(200);
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
      toLocationID: r.truckId,
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
      fromLocationID: r.truckId,
      toLocationID: WAREHOUSE_ID,
      lines: [{ productID: chips.id, quantity: 5 }],
    });
    expect(unload.message).toBe('5 units unloaded from Truck 12');
    expect(await stockOf(chips.id)).toEqual({ Warehouse: 82, 'Truck 12': 15 });

    // The report: each location's rows with their value at cost, and totals over all rows.
    const truck = await ok('POST', '/api/stock/levels/', { locationID: r.truckId, searchQuery: '' });
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

  it("the ledger's count under each filter is the ledger counted, before and after a fold", async () => {
    const tea = await createProduct(t, { name: 'Iced tea' });
    await ok('POST', '/api/stock/count/', {
      locationID: WAREHOUSE_ID,
      lines: [{ productID: tea.id, counted: 30 }],
      reason: 'Opening count',
    });
    await ok('POST', '/api/stock/transfer/', {
      fromLocationID: WAREHOUSE_ID,
      toLocationID: r.truckId,
      lines: [{ productID: tea.id, quantity: 12 }],
    });
    const filters = [
      {},
      { productID: tea.id },
      { locationID: WAREHOUSE_ID },
      { locationID: r.truckId },
      { kind: 'loaded' },
      { kind: 'counted' },
      { productID: tea.id, locationID: r.truckId },
      { productID: tea.id, kind: 'loaded' },
      { locationID: WAREHOUSE_ID, kind: 'counted' },
      { productID: tea.id, locationID: WAREHOUSE_ID, kind: 'loaded' },
      { productID: tea.id, kind: 'sold' },
    ] as const;
    const ledger = async (f: { productID?: number; locationID?: number; kind?: string }) => {
      const [row] = rowsOf<{ n: string }>(
        await t.database.db.execute(sql`select count(*) as n from stock_movements
          where (${f.productID ?? 0} = 0 or product_id = ${f.productID ?? 0})
            and (${f.locationID ?? 0} = 0 or location_id = ${f.locationID ?? 0})
            and (${f.kind ?? ''} = '' or kind = ${f.kind ?? ''})`),
      );
      return Number(row.n);
    };
    const answered = async () =>
      Promise.all(filters.map(async (f) => (await ok('POST', '/api/stock/movements/', f)).totalRows));
    const expected = await Promise.all(filters.map(ledger));
    expect(expected.slice(1, 3)).toEqual([3, expect.any(Number)]);
    expect(await answered()).toEqual(expected);
    await foldRollups(t.database.db);
    expect(await answered()).toEqual(expected);
    await expectLevelsEqualLedger();
  });

  it('lists every product at a location with includeZero, and requires the location for it', async () => {
    const gum = await createProduct(t, { name: 'Gum never stocked' });
    const all = await ok('POST', '/api/stock/levels/', {
      locationID: r.truckId,
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
      { fromLocationID: WAREHOUSE_ID, toLocationID: r.truckId, lines: [{ productID: 99_999, quantity: 1 }] },
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
      { fromLocationID: WAREHOUSE_ID, toLocationID: r.truckId, lines: [{ productID: cola.id, quantity: 1 }] },
      r.driver.token,
    );
    expect(byDriver.statusCode).toBe(403);
    expect(
      (
        await t.call(
          'POST',
          '/api/stock/count/',
          { locationID: r.truckId, lines: [{ productID: cola.id, counted: 1 }], reason: 'x' },
          r.driver.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(await stockOf(cola.id)).toEqual({});
  });
});
