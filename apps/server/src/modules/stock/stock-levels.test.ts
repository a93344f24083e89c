import { DAMAGED_BIN_ID, WAREHOUSE_ID } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const inv = invoiceCalls(() => t);
const tag = `Levels ${Date.now().toString(36)}`;
const levels = (body: unknown, token = t.adminToken) => t.call('POST', '/api/stock/levels/', body, token);

let oversoldID = 0;
beforeAll(async () => {
  // Sold without any stock received: the warehouse's books go to -2 (allowed, and flagged).
  const product = await createProduct(t, { name: `${tag} oversold gum`, sellingPrice: 1.25, costPrice: 0.5 });
  oversoldID = product.id;
  const invoice = await inv.newInvoice();
  await inv.addLine(invoice.id, product.id);
  await inv.addLine(invoice.id, product.id);
  await inv.setInvoice(invoice.id, { status: 'DUE' });
});

describe('POST stock/levels', () => {
  it('lists a product below zero at the warehouse with its value at cost, and counts it among those below zero', async () => {
    const res = await levels({ locationID: WAREHOUSE_ID, searchQuery: tag });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.levels).toEqual([
      expect.objectContaining({
        productID: oversoldID,
        product: `${tag} oversold gum`,
        location: 'Warehouse',
        quantity: -2,
        costPrice: 0.5,
        value: -1,
      }),
    ]);
    expect(body.totalRows).toBe(1);
    expect(body.totals).toEqual({ quantity: -2, value: -1 });
    expect(body.belowZero).toBeGreaterThanOrEqual(1);
  });

  it('an empty location answers an empty page, still saying how many levels are below zero elsewhere', async () => {
    const res = await levels({ locationID: DAMAGED_BIN_ID, searchQuery: tag });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ levels: [], totalRows: 0, totals: { quantity: 0, value: 0 } });
    expect(res.json().belowZero).toBeGreaterThanOrEqual(1);

    const withZero = await levels({ locationID: DAMAGED_BIN_ID, includeZero: true, searchQuery: tag });
    expect(withZero.statusCode, withZero.body).toBe(200);
    expect(withZero.json().levels).toEqual([
      expect.objectContaining({ productID: oversoldID, location: 'Damaged goods', quantity: 0, value: 0 }),
    ]);
    expect(withZero.json().belowZero).toBe(res.json().belowZero);
  });

  it('an unknown location is a 404, with or without the products never stocked there', async () => {
    for (const body of [{ locationID: 99_999 }, { locationID: 99_999, includeZero: true }]) {
      const res = await levels(body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe("The location doesn't exist");
    }
  });

  it('listing the products never stocked needs a location (400), and a session (401)', async () => {
    const noPlace = await levels({ includeZero: true });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().field).toBe('locationID');
    expect((await levels({}, '')).statusCode).toBe(401);
  });
});
