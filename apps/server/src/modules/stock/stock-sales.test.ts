import { isoWeekday, todayIn, WAREHOUSE_ID } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { stockKit, stockRoute } from '../../../test/stock.js';

const t = testApp();
const inv = invoiceCalls(() => t);
const today = todayIn('America/Chicago');
const { ok, stockOf, expectLevelsEqualLedger } = stockKit(t);
const r = stockRoute(t);

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
    await inv.setInvoice(created.id, { customerID: r.storeId, status: 'DUE' });
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
      toLocationID: r.truckId,
      lines: [{ productID: water.id, quantity: 10 }],
    });
    const { block, truckStock } = await ok(
      'POST',
      '/api/route/download/',
      { deviceID: 'phone-stock-0001' },
      r.driver.token,
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
        customerID: r.storeId,
        date: today,
        type: 'invoice',
        lines: [line(4), line(-1), line(-1, true)],
        payments: [],
        totals: { total: 18, amountCredited: 9 },
        printedAt: new Date().toISOString(),
      },
      r.driver.token,
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
        stops: [{ weekday: isoWeekday(today), customerID: r.storeId }],
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
            customerID: r.storeId,
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
      await inv.setInvoice(created.id, { customerID: r.storeId, status: 'DUE' });
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
