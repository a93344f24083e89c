import { isoWeekday, todayIn } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';

const t = testApp();
const today = todayIn('America/Chicago');
const DEVICE = 'phone-dan-0001';

const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the office's view of the day", () => {
  it('counts each route’s stops done (a synced invoice), skipped, invoices, sold and collected', async () => {
    const driver = await t.createUser('driver.dan');
    await ok('PATCH', '/api/user/update/', { id: driver.id, driver: true });
    const stores: number[] = [];
    for (const company of ['Express Mart', 'Corner Market', 'Quick Stop', 'Not Today']) {
      stores.push((await ok('POST', '/api/customer/new/', { company })).customer.id);
    }
    const cola = await createProduct(t, {
      name: 'Cola',
      costPrice: 0.8,
      sellingPrice: 1.25,
      suggestedRetailPrice: 1.99,
    });
    const weekday = isoWeekday(today);
    await ok('POST', '/api/route/new/', {
      name: 'North loop',
      driverID: driver.id,
      truck: 'Truck 12',
      stops: [
        ...stores.slice(0, 3).map((customerID) => ({ weekday, customerID })),
        { weekday: (weekday % 7) + 1, customerID: stores[3] },
      ],
    });
    const { block } = await ok('POST', '/api/route/download/', { deviceID: DEVICE }, driver.token);
    const sell = (number: number, customerID: number, quantity: number, paid: number) =>
      ok(
        'POST',
        '/api/route/invoice/',
        {
          deviceID: DEVICE,
          number,
          customerID,
          date: today,
          lines: [
            {
              productID: cola.id,
              productName: 'Cola',
              barcode: cola.barcode,
              quantity,
              costPrice: 0.8,
              sellingPrice: 1.25,
              suggestedRetailPrice: 1.99,
            },
          ],
          totals: { total: quantity * 1.25, amountCredited: 0 },
          payments: paid ? [{ paymentType: 'cash', amount: paid }] : [],
        },
        driver.token,
      );
    await sell(block.numbers[0], stores[0], 8, 10);
    await sell(block.numbers[1], stores[1], 4, 0);
    const skip = (customerID: number, state: string, at: string) =>
      t.call(
        'POST',
        '/api/route/visit/',
        { deviceID: DEVICE, date: today, customerID, state, reason: 'Closed', at },
        driver.token,
      );
    expect((await skip(stores[2], 'skipped', '2026-11-26T15:00:00Z')).statusCode).toBe(200);
    // An older report arriving late changes nothing.
    expect((await skip(stores[2], 'next', '2026-11-26T14:00:00Z')).statusCode).toBe(200);

    const { date, routes } = await ok('POST', '/api/route/progress/', {});
    expect(date).toBe(today);
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      route: 'North loop',
      driver: 'driver.dan',
      truck: 'Truck 12',
      stops: 3,
      done: 2,
      skipped: 1,
      invoices: 2,
      sold: 15,
      collected: 10,
      flags: 0,
    });
    expect(routes[0].lastSync).not.toBeNull();

    // Taken back later: no longer skipped.
    await skip(stores[2], 'next', '2026-11-26T16:00:00Z');
    expect((await ok('POST', '/api/route/progress/', {})).routes[0].skipped).toBe(0);
    // Another day has nothing.
    expect((await ok('POST', '/api/route/progress/', { date: '2020-01-06' })).routes[0]).toMatchObject({
      done: 0,
      invoices: 0,
    });

    const notMine = await skip(stores[3] + 1000, 'skipped', '2026-11-26T15:00:00Z');
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe("This customer is not a stop of the driver's route");
    expect((await t.call('POST', '/api/route/progress/', {}, driver.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/route/progress/', { date: '2026-02-30' }, t.adminToken)).statusCode).toBe(400);
  });
});
