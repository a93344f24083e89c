import { isoWeekday, todayIn, WAREHOUSE_ID } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';

const t = testApp();
const today = todayIn('America/Chicago');

const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const refused = async (status: number, method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

let driver: { id: number; token: string };
let truckId = 0;
let storeId = 0;
let cola: { id: number; barcode: string };
let chips: { id: number; barcode: string };

async function onHand(productID: number) {
  const { stock } = await ok('GET', `/api/stock/product/${productID}/`, undefined);
  return Object.fromEntries(
    stock.locations.map((l: { locationID: number; quantity: number }) => [l.locationID, l.quantity]),
  );
}

beforeAll(async () => {
  driver = await t.createUser('driver.settle');
  await ok('PATCH', '/api/user/update/', { id: driver.id, driver: true });
  storeId = (await ok('POST', '/api/customer/new/', { company: 'Express Mart #124' })).customer.id;
  const { route } = await ok('POST', '/api/route/new/', {
    name: 'North loop',
    driverID: driver.id,
    truck: 'Truck 12',
    stops: [{ weekday: isoWeekday(today), customerID: storeId }],
  });
  const { locations } = await ok('POST', '/api/stock/locations/', undefined);
  truckId = locations.find((l: { routeID: number | null }) => l.routeID === route.id).id;
  cola = await createProduct(t, { name: 'Cola', costPrice: 0.8, sellingPrice: 1.25, suggestedRetailPrice: 1.99 });
  chips = await createProduct(t, { name: 'Chips', costPrice: 1, sellingPrice: 2, suggestedRetailPrice: 2.99 });
  await ok('POST', '/api/stock/count/', {
    locationID: WAREHOUSE_ID,
    lines: [
      { productID: cola.id, counted: 100 },
      { productID: chips.id, counted: 50 },
    ],
    reason: 'Opening count',
  });
  await ok('POST', '/api/stock/transfer/', {
    fromLocationID: WAREHOUSE_ID,
    toLocationID: truckId,
    lines: [
      { productID: cola.id, quantity: 48 },
      { productID: chips.id, quantity: 24 },
    ],
    note: 'Morning load',
  });
  // The day on the driver's phone: two invoices, cash, a cheque and a money order.
  const { block } = await ok('POST', '/api/route/download/', { deviceID: 'phone-settle-01' }, driver.token);
  const line = (p: { id: number; barcode: string }, name: string, quantity: number, price: number, cost: number) => ({
    productID: p.id,
    productName: name,
    barcode: p.barcode,
    quantity,
    costPrice: cost,
    sellingPrice: price,
    suggestedRetailPrice: 1.99,
  });
  const sync = (number: number, lines: unknown[], totals: unknown, payments: unknown[]) =>
    ok(
      'POST',
      '/api/route/invoice/',
      { deviceID: 'phone-settle-01', number, customerID: storeId, date: today, lines, totals, payments },
      driver.token,
    );
  await sync(
    block.numbers[0],
    [line(cola, 'Cola', 10, 1.25, 0.8), line(chips, 'Chips', 4, 2, 1), line(cola, 'Cola', -1, 1.25, 0.8)],
    { total: 20.5, amountCredited: 1.25 },
    [{ paymentType: 'cash', amount: 19.25 }],
  );
  await sync(block.numbers[1], [line(cola, 'Cola', 6, 1.25, 0.8)], { total: 7.5, amountCredited: 0 }, [
    { paymentType: 'cheque', amount: 5, chequeNo: '1234' },
    { paymentType: 'moneyOrder', amount: 2.5 },
  ]);
});

describe("a driver's settlement", () => {
  it('expects the truck’s stock and the day’s money, counts a $5 short, closes, unloads, and takes an adjustment after', async () => {
    const { settlement } = await ok('POST', '/api/settlement/open/', { driverID: driver.id, date: today });
    expect(settlement).toMatchObject({ driver: 'driver.settle', truck: 'Truck 12', date: today, status: 'open' });
    expect(settlement.stock).toEqual([
      expect.objectContaining({
        product: 'Chips',
        carried: 0,
        loaded: 24,
        sold: 4,
        returned: 0,
        expected: 20,
        counted: null,
      }),
      expect.objectContaining({
        product: 'Cola',
        carried: 0,
        loaded: 48,
        sold: 16,
        returned: 1,
        expected: 33,
        counted: null,
      }),
    ]);
    const cheque = settlement.money.find((m: { paymentType: string }) => m.paymentType === 'cheque');
    const order = settlement.money.find((m: { paymentType: string }) => m.paymentType === 'moneyOrder');
    expect(settlement.money).toEqual([
      expect.objectContaining({ key: 'cash', paymentType: 'cash', expected: 19.25, handedIn: null }),
      expect.objectContaining({ paymentType: 'cheque', chequeNo: '1234', customer: 'Express Mart #124', expected: 5 }),
      expect.objectContaining({ paymentType: 'moneyOrder', customer: 'Express Mart #124', expected: 2.5 }),
    ]);
    // Opening again answers the same settlement.
    expect((await ok('POST', '/api/settlement/open/', { driverID: driver.id, date: today })).settlement.id).toBe(
      settlement.id,
    );

    // Closing needs every count and every amount.
    const early = await refused(400, 'POST', `/api/settlement/close/${settlement.id}/`, { note: '' });
    expect(early.message).toBe('Count every product on the truck first: 2 not counted');

    const { settlement: counted } = await ok('PATCH', '/api/settlement/update/', {
      id: settlement.id,
      counts: [
        { productID: cola.id, counted: 33 },
        { productID: chips.id, counted: 19 },
      ],
      handedIn: [
        { key: 'cash', amount: 15.25 },
        { key: cheque.key, amount: 5 },
        { key: order.key, amount: 2.5 },
      ],
    });
    expect(
      counted.stock.map((l: { product: string; difference: number; differenceValue: number }) => [
        l.product,
        l.difference,
        l.differenceValue,
      ]),
    ).toEqual([
      ['Chips', -1, -1],
      ['Cola', 0, 0],
    ]);
    expect(counted.money.map((m: { difference: number }) => m.difference)).toEqual([-4, 0, 0]);
    expect(counted.totals).toEqual({ stock: -1, money: -4, adjustments: 0, overShort: -5 });

    const { settlement: closed } = await ok('POST', `/api/settlement/close/${settlement.id}/`, {
      note: 'Dan short $4 cash and a bag of chips',
    });
    expect(closed).toMatchObject({
      status: 'closed',
      note: 'Dan short $4 cash and a bag of chips',
      closedBy: 'admin',
      totals: { stock: -1, money: -4, adjustments: 0, overShort: -5 },
    });
    // The truck was set to its count and unloaded: empty; the warehouse has it back.
    expect(await onHand(chips.id)).toEqual({ [WAREHOUSE_ID]: 26 + 19 });
    expect(await onHand(cola.id)).toEqual({ [WAREHOUSE_ID]: 52 + 33 });
    const { movements } = await ok('POST', '/api/stock/movements/', { productID: chips.id, locationID: truckId });
    expect(
      movements
        .slice(0, 2)
        .map((m: { kind: string; quantity: number; source: string }) => [m.kind, m.quantity, m.source]),
    ).toEqual([
      ['unloaded', -19, 'Settlement'],
      ['settled', -1, 'Settlement'],
    ]);

    // Closed: it never changes; a correction is an adjustment, kept beside the closed figures.
    await refused(409, 'PATCH', '/api/settlement/update/', {
      id: settlement.id,
      counts: [{ productID: cola.id, counted: 1 }],
    });
    await refused(409, 'POST', `/api/settlement/close/${settlement.id}/`, { note: 'again' });
    const { settlement: adjusted } = await ok('POST', `/api/settlement/adjust/${settlement.id}/`, {
      amount: 5,
      note: 'Dan paid the shortfall',
    });
    expect(adjusted.totals).toEqual({ stock: -1, money: -4, adjustments: 5, overShort: 0 });
    expect(adjusted.adjustments).toEqual([
      expect.objectContaining({ amount: 5, note: 'Dan paid the shortfall', user: 'admin' }),
    ]);
    expect(adjusted.stock.find((l: { product: string }) => l.product === 'Chips')).toMatchObject({
      expected: 20,
      counted: 19,
    });

    // The report of settlements by driver and period.
    const list = await ok('POST', '/api/settlement/all/', { driverID: driver.id, startDate: today, endDate: today });
    expect(list.settlements).toEqual([
      expect.objectContaining({
        driver: 'driver.settle',
        truck: 'Truck 12',
        status: 'closed',
        stock: -1,
        money: -4,
        adjustments: 5,
        overShort: 0,
      }),
    ]);
    expect(list.totals).toEqual({ stock: -1, money: -4, adjustments: 5, overShort: 0 });
    // The close and the adjustment are on the audit trail.
    const { auditLog } = await ok('POST', '/api/audit/all/', { entity: 'settlement', entityId: settlement.id });
    expect(auditLog).toHaveLength(2);
  });

  it('the next settlement of the truck starts after the last one closed', async () => {
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const day = tomorrow.toISOString().slice(0, 10);
    await ok('POST', '/api/stock/transfer/', {
      fromLocationID: WAREHOUSE_ID,
      toLocationID: truckId,
      lines: [{ productID: cola.id, quantity: 10 }],
    });
    const { settlement } = await ok('POST', '/api/settlement/open/', { driverID: driver.id, date: day });
    expect(settlement.stock).toEqual([
      expect.objectContaining({ product: 'Cola', carried: 0, loaded: 10, sold: 0, returned: 0, expected: 10 }),
    ]);
    expect(settlement.money).toEqual([expect.objectContaining({ key: 'cash', expected: 0 })]);
  });

  it('refuses drivers, unknown drivers and settlements, a driver with no truck, and products not on the sheet', async () => {
    await refused(403, 'POST', '/api/settlement/open/', { driverID: driver.id, date: today }, driver.token);
    await refused(403, 'POST', '/api/settlement/all/', {}, driver.token);
    await refused(404, 'POST', '/api/settlement/open/', { driverID: 999_999, date: today });
    await refused(404, 'GET', '/api/settlement/999999/', undefined);
    const clerk = await t.createUser('clerk.noroute');
    const noTruck = await refused(409, 'POST', '/api/settlement/open/', { driverID: clerk.id, date: today });
    expect(noTruck.message).toBe('clerk.noroute has no route, so no truck to settle');
    await refused(400, 'POST', '/api/settlement/open/', { driverID: driver.id, date: '26-11-2026' });
    const other = await createProduct(t, { name: 'Not on the truck' });
    const day = '2026-01-05';
    const { settlement } = await ok('POST', '/api/settlement/open/', { driverID: driver.id, date: day });
    const res = await refused(400, 'PATCH', '/api/settlement/update/', {
      id: settlement.id,
      counts: [{ productID: other.id, counted: 1 }],
    });
    expect(res.message).toBe(`Product ${other.id} is not on this truck's sheet`);
    await refused(400, 'PATCH', '/api/settlement/update/', {
      id: settlement.id,
      handedIn: [{ key: 'nope', amount: 1 }],
    });
    await refused(400, 'PATCH', '/api/settlement/update/', {
      id: settlement.id,
      handedIn: [{ key: 'cash', amount: -1 }],
    });
    await refused(409, 'POST', `/api/settlement/adjust/${settlement.id}/`, { amount: 1, note: 'too early' });
    await refused(400, 'POST', `/api/settlement/adjust/${settlement.id}/`, { amount: 0, note: 'zero' });
  });
});

describe('days settled out of order', () => {
  it('a day opened before the previous one closed starts after that close', async () => {
    const first = (await ok('POST', '/api/settlement/open/', { driverID: driver.id, date: '2026-03-02' })).settlement;
    const second = (await ok('POST', '/api/settlement/open/', { driverID: driver.id, date: '2026-03-03' })).settlement;
    const colaLine = first.stock.find((l: { productID: number }) => l.productID === cola.id);
    expect(colaLine.expected).toBeGreaterThan(0);
    // The first day closes one cola short: a 'settled' movement, then the truck unloaded.
    await ok('PATCH', '/api/settlement/update/', {
      id: first.id,
      counts: first.stock.map((l: { productID: number; expected: number }) => ({
        productID: l.productID,
        counted: l.productID === cola.id ? l.expected - 1 : l.expected,
      })),
      handedIn: first.money.map((m: { key: string; expected: number }) => ({ key: m.key, amount: m.expected })),
    });
    await ok('POST', `/api/settlement/close/${first.id}/`, { note: '' });
    // The second day, opened before, now starts after the first one's close: nothing of it shows.
    const again = (await ok('GET', `/api/settlement/${second.id}/`, undefined)).settlement;
    expect(again.stock).toEqual([]);
  });
});
