import { isoWeekday, resolveLinePrices, todayIn } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';

const t = testApp();
const today = isoWeekday(todayIn('America/Chicago'));
const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the morning download', () => {
  it("holds today's stops, the active catalog, the stops' group prices, the settings and a block of numbers", async () => {
    const driver = await t.createUser('driver.dan');
    await ok('PATCH', '/api/user/update/', { id: driver.id, driver: true });
    const group = (await ok('POST', '/api/priceGroup/new/', { name: 'Chain stores' })).priceGroup;
    const unused = (await ok('POST', '/api/priceGroup/new/', { name: 'Nobody today' })).priceGroup;
    const chain = (await ok('POST', '/api/customer/new/', { company: 'Express Mart #124', priceGroupID: group.id }))
      .customer;
    const corner = (await ok('POST', '/api/customer/new/', { company: 'Corner Market #7', creditLimit: 250 })).customer;
    const cola = await createProduct(t, {
      name: 'Cola 12oz',
      costPrice: 0.8,
      sellingPrice: 1.24,
      suggestedRetailPrice: 1.99,
    });
    const chips = await createProduct(t, {
      name: 'Chips',
      costPrice: 0.5,
      sellingPrice: 0.99,
      suggestedRetailPrice: 1.49,
    });
    const gone = await createProduct(t, { name: 'Discontinued' });
    await ok('DELETE', `/api/product/delete/${gone.id}/`, undefined);
    await ok('POST', '/api/priceGroup/insert/', {
      priceGroupID: group.id,
      productID: cola.id,
      price: 1.2,
      suggestedRetailPrice: 1.89,
    });
    await ok('POST', '/api/priceGroup/insert/', {
      priceGroupID: unused.id,
      productID: chips.id,
      price: 0.5,
      suggestedRetailPrice: 1,
    });
    await ok('POST', '/api/route/new/', {
      name: 'North loop',
      driverID: driver.id,
      truck: 'Truck 12',
      stops: [
        { weekday: today, customerID: corner.id },
        { weekday: today, customerID: chain.id },
      ],
    });

    const started = Date.now();
    const download = await ok('POST', '/api/route/download/', { deviceID: 'phone-dan-0001' }, driver.token);
    expect(Date.parse(download.downloadedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(download.day.route).toMatchObject({ name: 'North loop', truck: 'Truck 12' });
    expect(download.day.stops.map((s: { customer: string }) => s.customer)).toEqual([
      'Corner Market #7',
      'Express Mart #124',
    ]);
    expect(download.day.stops[0]).toMatchObject({ creditLimit: 250, openBalance: 0, priceGroupID: 1 });

    const names = download.products.map((p: { name: string }) => p.name);
    expect(names).toContain('Cola 12oz');
    expect(names).not.toContain('Discontinued');
    const colaRow = download.products.find((p: { id: number }) => p.id === cola.id);
    expect(colaRow).toMatchObject({ costPrice: 0.8, sellingPrice: 1.24, suggestedRetailPrice: 1.99, unitQuantity: 1 });
    // Only the groups of today's stops travel.
    expect(download.groupPrices).toEqual([
      { priceGroupID: group.id, productID: cola.id, price: 1.2, suggestedRetailPrice: 1.89 },
    ]);
    expect(download.settings).toMatchObject({ resultsPerPage: expect.any(Number) });
    expect(download.block.numbers).toHaveLength(50);
    expect(download.block.deviceID).toBe('phone-dan-0001');

    // The device prices with the contracts' rule: the chain store gets its group price, the corner store the product's own.
    const cents = (d: number) => Math.round(d * 100);
    const product = { costPrice: 80, sellingPrice: 124, suggestedRetailPrice: 199 };
    const groupPrice = { price: cents(download.groupPrices[0].price), suggestedRetailPrice: 189 };
    expect(resolveLinePrices(product, group.id, groupPrice).sellingPrice).toBe(120);
    expect(resolveLinePrices(product, 1, undefined).sellingPrice).toBe(124);

    // A second download the same day merges into the same block.
    const again = await ok('POST', '/api/route/download/', { deviceID: 'phone-dan-0001' }, driver.token);
    expect(again.block.id).toBe(download.block.id);
  });

  it('gives a user without a route an empty day but still a catalog; refuses a bad device id', async () => {
    const clerk = await t.createUser('clerk.cleo');
    const download = await ok(
      'POST',
      '/api/route/download/',
      { deviceID: 'tablet-cleo-01', blockSize: 5 },
      clerk.token,
    );
    expect(download.day).toMatchObject({ route: null, stops: [] });
    expect(download.block.numbers).toHaveLength(5);
    const bad = await t.call('POST', '/api/route/download/', { deviceID: 'x' }, clerk.token);
    expect(bad.statusCode).toBe(400);
    expect((await t.call('POST', '/api/route/download/', { deviceID: 'tablet-cleo-01' }, null)).statusCode).toBe(401);
  });
});
