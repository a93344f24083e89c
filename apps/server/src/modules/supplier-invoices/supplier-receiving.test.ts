import { WAREHOUSE_ID } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';

const t = testApp();
let supplierId: number;
beforeAll(async () => {
  supplierId = (await t.call('POST', '/api/distributor/insert/', { company: 'McLane' }, t.adminToken)).json()
    .distributor.id;
});

const ok = async (method: string, url: string, body: unknown) => {
  const res = await t.call(method as 'POST', url, body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const warehouseOf = async (productID: number) => {
  const { stock } = await ok('GET', `/api/stock/product/${productID}/`, undefined);
  return stock.locations.find((l: { locationID: number }) => l.locationID === WAREHOUSE_ID)?.quantity ?? 0;
};
const base = { date: '2026-11-20', invoiceNo: '77001', note: '' };

describe('receiving on a supplier invoice', () => {
  it('saving lines receives them into the warehouse; changing a line moves only the difference; deleting reverses', async () => {
    const cola = await createProduct(t, { name: 'Cola case', costPrice: 9.6 });
    const chips = await createProduct(t, { name: 'Chips case', costPrice: 12.5 });
    const created = await ok('POST', '/api/distributor/invoices/insert/', {
      ...base,
      distributorID: supplierId,
      amountPurchase: 346.56,
      lines: [
        { productID: cola.id, quantity: 20, cost: 9.6 },
        { productID: chips.id, quantity: 12, cost: 12.88 },
      ],
    });
    expect(created.distributorInvoice).toMatchObject({ amountPurchase: 346.56, amountDue: 346.56, status: 'DUE' });
    expect(created.lines).toEqual([
      { productID: cola.id, product: 'Cola case', barcode: cola.barcode, quantity: 20, cost: 9.6, subtotal: 192 },
      {
        productID: chips.id,
        product: 'Chips case',
        barcode: chips.barcode,
        quantity: 12,
        cost: 12.88,
        subtotal: 154.56,
      },
    ]);
    expect(await warehouseOf(cola.id)).toBe(20);
    expect(await warehouseOf(chips.id)).toBe(12);
    const id = created.distributorInvoice.id;

    // Cola short-shipped: 18, chips unchanged, a new product added.
    const gum = await createProduct(t, { name: 'Gum box' });
    const updated = await ok('PATCH', '/api/distributor/invoices/update/', {
      ...base,
      id,
      distributorID: supplierId,
      amountPurchase: 337.36,
      lines: [
        { productID: cola.id, quantity: 18, cost: 9.6 },
        { productID: chips.id, quantity: 12, cost: 12.88 },
        { productID: gum.id, quantity: 5, cost: 2 },
      ],
    });
    expect(updated.distributorInvoice.amountPurchase).toBe(337.36);
    expect(await warehouseOf(cola.id)).toBe(18);
    const { movements } = await ok('POST', '/api/stock/movements/', { productID: cola.id });
    expect(
      movements.map((m: { kind: string; quantity: number; source: string }) => [m.kind, m.quantity, m.source]),
    ).toEqual([
      ['received', -2, 'Supplier invoice 77001'],
      ['received', 20, 'Supplier invoice 77001'],
    ]);
    // The chips line did not change: no movement for it.
    expect((await ok('POST', '/api/stock/movements/', { productID: chips.id })).movements).toHaveLength(1);

    // A header-only change (lines left out) keeps the lines and moves nothing.
    const noted = await ok('PATCH', '/api/distributor/invoices/update/', {
      ...base,
      id,
      distributorID: supplierId,
      amountPurchase: 337.36,
      note: 'Checked in by Sam',
    });
    expect(noted.lines).toHaveLength(3);
    expect((await ok('POST', '/api/stock/movements/', { productID: cola.id })).movements).toHaveLength(2);
    expect((await ok('POST', `/api/distributor/invoices/${id}/`, undefined)).lines).toHaveLength(3);

    await ok('DELETE', `/api/distributor/invoices/delete/${id}/`, undefined);
    expect(await warehouseOf(cola.id)).toBe(0);
    expect(await warehouseOf(gum.id)).toBe(0);
    const after = (await ok('POST', '/api/stock/movements/', { productID: cola.id })).movements;
    expect(after[0]).toMatchObject({ kind: 'received', quantity: -18, source: 'Supplier invoice (deleted)' });
  });

  it('refuses an amount that is not the lines’ total, a product twice, and an unknown product', async () => {
    const water = await createProduct(t, { name: 'Water pallet' });
    const send = (fields: Record<string, unknown>) =>
      t.call(
        'POST',
        '/api/distributor/invoices/insert/',
        { ...base, distributorID: supplierId, ...fields },
        t.adminToken,
      );
    const wrong = await send({ amountPurchase: 100, lines: [{ productID: water.id, quantity: 3, cost: 30 }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: "Amount Purchase must equal the lines' total, $90.00",
      field: 'amountPurchase',
    });
    const twice = await send({
      amountPurchase: 60,
      lines: [
        { productID: water.id, quantity: 1, cost: 30 },
        { productID: water.id, quantity: 1, cost: 30 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Water pallet is on the invoice twice: put its whole quantity on one line');
    const unknown = await send({ amountPurchase: 30, lines: [{ productID: 999_999, quantity: 1, cost: 30 }] });
    expect(unknown.statusCode).toBe(404);
    for (const line of [
      { productID: water.id, quantity: 0, cost: 1 },
      { productID: water.id, quantity: 1.5, cost: 1 },
      { productID: water.id, quantity: 1, cost: -1 },
    ]) {
      expect((await send({ amountPurchase: 1, lines: [line] })).statusCode).toBe(400);
    }
    expect(await warehouseOf(water.id)).toBe(0);
    // Without lines, the amount is whatever was typed (an invoice of services or fees).
    const fees = await send({ amountPurchase: 45.5 });
    expect(fees.statusCode).toBe(200);
    expect(fees.json().lines).toEqual([]);
  });
});
