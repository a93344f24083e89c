import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();

const { newInvoice, summary, pay, setInvoice } = invoiceCalls(() => t);

describe('invoice/new', () => {
  it('creates a NEW invoice for biller 1 and a walk-in, numbered from a sequence', async () => {
    const a = await newInvoice();
    const b = await newInvoice('consignment');
    expect(a.invoiceNo).toMatch(/^Invoice\/\d+$/);
    expect(Number(b.invoiceNo.split('/')[1])).toBe(Number(a.invoiceNo.split('/')[1]) + 1);
    const s = (await summary(b.id)).invoiceSummary;
    expect(s).toMatchObject({
      status: 'NEW',
      type: 'consignment',
      consignmentStatus: 'DUE',
      billerID: 1,
      customerID: 0,
      customer: 'Walk-in customer',
      total: 0,
    });
  });
});

describe('lines', () => {
  it('scans by barcode, by barcode with a leading 0 dropped, by box barcode (unit quantity), by exact name', async () => {
    const inv = await newInvoice();
    const p = await createProduct(t, {
      name: 'Scan Me Cola',
      unitQuantity: 24,
      boxBarcode: `BOX-SCAN-${Date.now()}`,
      sellingPrice: 1.25,
    });
    const box = (await t.call('POST', `/api/product/${p.id}/`, undefined, t.adminToken)).json().product.boxBarcode;
    for (const lookup of [p.barcode, p.barcode.slice(1), box, 'scan me cola']) {
      const res = await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, lookup }, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
    }
    const lines = (await t.call('POST', `/api/invoice/${inv.id}/`, {}, t.adminToken)).json().invoiceItems;
    expect(lines.map((l: { quantity: number }) => l.quantity)).toEqual([1, 1, 24, 1]);
    expect(lines[2]).toMatchObject({ productName: 'Scan Me Cola', sellingPrice: 1.25, subtotal: 30 });
    const s = await summary(inv.id);
    expect(s.invoiceTotals.total).toBe(33.75);
  });

  it('adds nothing for no match (404) or several (409)', async () => {
    const inv = await newInvoice();
    const none = await t.call(
      'POST',
      '/api/invoice/insert/',
      { invoiceID: inv.id, lookup: 'no such thing' },
      t.adminToken,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No product matches "no such thing"');
    await createProduct(t, { name: 'Twin' });
    await createProduct(t, { name: 'twin' });
    const many = await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, lookup: 'Twin' }, t.adminToken);
    expect(many.statusCode).toBe(409);
    expect((await t.call('POST', `/api/invoice/${inv.id}/`, {}, t.adminToken)).json().totalRows).toBe(0);
  });

  it("prices by the customer's price group, else the product's own prices; keeps a snapshot", async () => {
    const group = (await t.call('POST', '/api/priceGroup/new/', { name: `Gas ${Date.now()}` }, t.adminToken)).json()
      .priceGroup;
    const p = await createProduct(t, { sellingPrice: 2, suggestedRetailPrice: 3.49 });
    await t.call(
      'POST',
      '/api/priceGroup/insert/',
      { priceGroupID: group.id, productID: p.id, price: 1.8, suggestedRetailPrice: 3.29 },
      t.adminToken,
    );
    const customer = (
      await t.call(
        'POST',
        '/api/customer/new/',
        { company: `Gas Stop ${Date.now()}`, priceGroupID: group.id },
        t.adminToken,
      )
    ).json().customer;
    const inv = await newInvoice();
    await t.call('PATCH', '/api/invoice/update/', { id: inv.id, customerID: customer.id }, t.adminToken);
    const line = (
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken)
    ).json().invoiceItem;
    expect(line).toMatchObject({ sellingPrice: 1.8, suggestedRetailPrice: 3.29, costPrice: 1 });
    const walkIn = await newInvoice();
    const own = (
      await t.call('POST', '/api/invoice/insert/', { invoiceID: walkIn.id, productID: p.id }, t.adminToken)
    ).json().invoiceItem;
    expect(own.sellingPrice).toBe(2);
    // A later product price change does not touch the line.
    await t.call(
      'PATCH',
      '/api/product/update/',
      {
        id: p.id,
        name: p.name,
        barcodeSymbology: 'upca',
        barcode: p.barcode,
        costPrice: 1,
        sellingPrice: 9,
        suggestedRetailPrice: 9,
      },
      t.adminToken,
    );
    expect(
      (await t.call('POST', `/api/invoice/${walkIn.id}/`, {}, t.adminToken)).json().invoiceItems[0].sellingPrice,
    ).toBe(2);
  });

  it('merges repeated scans when mergeInvoiceItems is 1', async () => {
    const inv = await newInvoice();
    await t.call('PATCH', '/api/invoice/update/', { id: inv.id, mergeInvoiceItems: 1 }, t.adminToken);
    const p = await createProduct(t);
    for (let i = 0; i < 3; i++)
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
    const lines = (await t.call('POST', `/api/invoice/${inv.id}/`, {}, t.adminToken)).json().invoiceItems;
    expect(lines.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
  });

  it('a return line may be damaged; a positive one may not, and loses the flag', async () => {
    const inv = await newInvoice();
    const p = await createProduct(t, { sellingPrice: 4 });
    const line = (
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken)
    ).json().invoiceItem;
    const bad = await t.call(
      'PATCH',
      '/api/invoice/update/item/',
      { id: line.id, invoiceID: inv.id, quantity: 2, damagedGood: true },
      t.adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Only a return (a negative quantity) can be a damaged good');
    const ret = await t.call(
      'PATCH',
      '/api/invoice/update/item/',
      { id: line.id, invoiceID: inv.id, quantity: -2, damagedGood: true },
      t.adminToken,
    );
    expect(ret.json().invoiceItem).toMatchObject({ quantity: -2, subtotal: -8, damagedGood: true });
    expect((await summary(inv.id)).invoiceTotals).toMatchObject({ total: 0, amountCredited: 8, balance: -8 });
    const back = await t.call(
      'PATCH',
      '/api/invoice/update/item/',
      { id: line.id, invoiceID: inv.id, quantity: 1 },
      t.adminToken,
    );
    expect(back.json().invoiceItem.damagedGood).toBe(false);
    expect((await t.call('DELETE', `/api/invoice/delete/item/${line.id}/`, undefined, t.adminToken)).statusCode).toBe(
      200,
    );
    expect((await summary(inv.id)).invoiceTotals.total).toBe(0);
  });
});

describe('deleting', () => {
  it('deleting an invoice removes its lines and payments and keeps a record', async () => {
    const inv = await newInvoice();
    const p = await createProduct(t);
    await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
    await pay(inv.id, { amountPaid: 1 });
    expect((await t.call('DELETE', `/api/invoice/delete/${inv.id}/`, undefined, t.adminToken)).json()).toEqual({
      message: 'Deleted',
    });
    const gone = await t.call('POST', `/api/invoice/summary/${inv.id}/`, undefined, t.adminToken);
    expect(gone.statusCode).toBe(404);
    const audit = await t.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'invoice' and entity_id = ${inv.id} and action = 'delete' and before->'payments' is not null`,
    );
    expect((audit as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });
});

describe('the invoice list', () => {
  it('filters by status and type and sums every matching row', async () => {
    const tag = `Listed ${Date.now()}`;
    const customer = (await t.call('POST', '/api/customer/new/', { company: tag }, t.adminToken)).json().customer;
    const p = await createProduct(t, { sellingPrice: 2.5 });
    for (let i = 0; i < 3; i++) {
      const inv = await newInvoice(i === 2 ? 'consignment' : 'invoice');
      await t.call('PATCH', '/api/invoice/update/', { id: inv.id, customerID: customer.id }, t.adminToken);
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
      await t.call('PATCH', '/api/invoice/update/', { id: inv.id, status: 'DUE' }, t.adminToken);
    }
    const res = await t.call(
      'POST',
      '/api/invoice/all/',
      { searchQuery: tag, status: 'DUE', resultsPerPage: 1 },
      t.adminToken,
    );
    expect(res.json()).toMatchObject({ totalRows: 3, totals: { total: 7.5, balance: 7.5, paid: 0 } });
    const consignment = await t.call(
      'POST',
      '/api/invoice/all/',
      { searchQuery: tag, type: 'consignment' },
      t.adminToken,
    );
    expect(consignment.json().totalRows).toBe(1);
  });
  it('month + year is that calendar month: the last and first days either side of a boundary fall out', async () => {
    const tag = `Boundary ${Date.now()}`;
    const customer = (await t.call('POST', '/api/customer/new/', { company: tag }, t.adminToken)).json().customer;
    for (const date of ['2025-01-31', '2025-02-01', '2025-02-28', '2025-03-01', '2024-02-15']) {
      const inv = await newInvoice();
      await setInvoice(inv.id, { customerID: customer.id, date });
    }
    const dates = async (filter: Record<string, unknown>) =>
      (await t.call('POST', '/api/invoice/all/', { searchQuery: tag, ...filter }, t.adminToken))
        .json()
        .invoices.map((i: { date: string }) => i.date)
        .sort();
    expect(await dates({ month: 2, year: 2025 })).toEqual(['2025-02-01', '2025-02-28']);
    expect(await dates({ month: 1, year: 2025 })).toEqual(['2025-01-31']);
    expect(await dates({ month: 12, year: 2024 })).toEqual([]);
    expect(await dates({ year: 2025 })).toEqual(['2025-01-31', '2025-02-01', '2025-02-28', '2025-03-01']);
    // A month without a year: that month of every year.
    expect(await dates({ month: 2 })).toEqual(['2024-02-15', '2025-02-01', '2025-02-28']);
    expect(await dates({ startDate: '2025-01-31', endDate: '2025-02-01' })).toEqual(['2025-01-31', '2025-02-01']);
  });
});

describe('what invoices change elsewhere', () => {
  it("counts a product's quantity sold on submitted invoices only, and keeps invoiced customers from permanent deletion", async () => {
    const p = await createProduct(t);
    const customer = (
      await t.call('POST', '/api/customer/new/', { company: `Invoiced ${Date.now()}` }, t.adminToken)
    ).json().customer;
    const draft = await newInvoice();
    const sent = await newInvoice();
    await t.call('PATCH', '/api/invoice/update/', { id: sent.id, customerID: customer.id }, t.adminToken);
    for (const inv of [draft, sent]) {
      const line = (
        await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken)
      ).json().invoiceItem;
      await t.call('PATCH', '/api/invoice/update/item/', { id: line.id, invoiceID: inv.id, quantity: 5 }, t.adminToken);
    }
    await t.call('PATCH', '/api/invoice/update/', { id: sent.id, status: 'DUE' }, t.adminToken);
    expect((await t.call('POST', `/api/product/${p.id}/`, undefined, t.adminToken)).json().product.quantitySold).toBe(
      5,
    );

    await t.call('DELETE', `/api/customer/delete/${customer.id}/`, undefined, t.adminToken);
    const permanent = await t.call('DELETE', `/api/customer/delete/${customer.id}/`, undefined, t.adminToken);
    expect(permanent.statusCode).toBe(409);
    expect(permanent.json().message).toBe(`${customer.company} has 1 invoice and can not be deleted permanently`);
  });
});
