import { addDays } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const inv = invoiceCalls(() => t);
const AS_OF = '2026-11-22';

/**
 * Aging fixture, built through the API: Corner Store has one DUE invoice at
 * each bucket edge (0, 30 | 31, 60 | 61, 90 | 91 days before AS_OF), each
 * for a different number of $1.00 units so every sum tells which invoices it
 * holds; Dockside has one part-paid invoice 45 days old. Not counted: a PAID
 * invoice, a NEW draft, and an invoice dated after AS_OF.
 */
let corner: number;
let dockside: number;
let partPaid: number;
beforeAll(async () => {
  const post = async (url: string, body: unknown) => (await t.call('POST', url, body, t.adminToken)).json();
  const dollar = await createProduct(t, { name: 'Aging Dollar Item', costPrice: 0.5, sellingPrice: 1 });
  corner = (await post('/api/customer/new/', { company: 'Aging Corner Store', name: 'Ann' })).customer.id;
  dockside = (await post('/api/customer/new/', { company: 'Aging Dockside Mart', name: 'Bob' })).customer.id;

  const invoice = (customerID: number, daysOld: number, units: number, submit = true) =>
    inv.invoiceOf(dollar.id, units, { date: addDays(AS_OF, -daysOld), customerID }, submit);
  // Corner Store: bucket 0–30 holds 1 + 2, 31–60 holds 4 + 8, 61–90 holds 16 + 32, over 90 holds 64.
  for (const [days, units] of [
    [0, 1],
    [30, 2],
    [31, 4],
    [60, 8],
    [61, 16],
    [90, 32],
    [91, 64],
  ]) {
    await invoice(corner, days, units);
  }
  partPaid = await invoice(dockside, 45, 5);
  expect((await inv.pay(partPaid, { amountPaid: 2 })).statusCode).toBe(200);
  const paid = await invoice(dockside, 10, 7);
  expect((await inv.pay(paid, { amountPaid: 7 })).statusCode).toBe(200);
  await invoice(dockside, 5, 100, false); // NEW: never counted
  await invoice(corner, -1, 200); // dated tomorrow: not open as of AS_OF
});

const aging = (body: Record<string, unknown>) => t.call('POST', '/api/reports/aging', body, t.adminToken);

describe('POST reports/aging', () => {
  it('sums each customer’s DUE balances into the bucket of each invoice’s age, edges included', async () => {
    const res = await aging({ asOf: AS_OF });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.asOf).toBe(AS_OF);
    expect(body.totalRows).toBe(2);
    expect(body.report).toEqual([
      {
        customerId: corner,
        customer: 'Aging Corner Store',
        openInvoices: 7,
        oldest: addDays(AS_OF, -91),
        days0to30: 3,
        days31to60: 12,
        days61to90: 48,
        over90: 64,
        total: 127,
      },
      {
        customerId: dockside,
        customer: 'Aging Dockside Mart',
        openInvoices: 1,
        oldest: addDays(AS_OF, -45),
        days0to30: 0,
        days31to60: 3,
        days61to90: 0,
        over90: 0,
        total: 3,
      },
    ]);
    expect(body.totals).toEqual({
      openInvoices: 8,
      days0to30: 3,
      days31to60: 15,
      days61to90: 48,
      over90: 64,
      total: 130,
    });
  });

  it('moves an invoice to a later bucket as the as-of date advances, and counts the one dated after it once it is open', async () => {
    const body = (await aging({ asOf: addDays(AS_OF, 1) })).json();
    const row = body.report.find((r: { customerId: number }) => r.customerId === corner);
    // 30 → 31 days (2 units), 60 → 61 (8), 90 → 91 (32); the invoice dated AS_OF + 1 (200) is now 0 days old.
    expect(row).toMatchObject({ days0to30: 201, days31to60: 6, days61to90: 24, over90: 96, total: 327 });
  });

  it('searches, sorts by any column and pages in SQL', async () => {
    expect((await aging({ asOf: AS_OF, searchQuery: 'corner' })).json().report).toHaveLength(1);
    expect((await aging({ asOf: AS_OF, searchQuery: 'nobody here' })).json()).toMatchObject({
      report: [],
      totalRows: 0,
    });
    const names = async (column: string, order: string) =>
      (await aging({ asOf: AS_OF, sortingList: [{ column, order }] }))
        .json()
        .report.map((r: { customer: string }) => r.customer);
    expect(await names('customer', 'desc')).toEqual(['Aging Dockside Mart', 'Aging Corner Store']);
    expect(await names('over90', 'asc')).toEqual(['Aging Dockside Mart', 'Aging Corner Store']);
    expect(await names('days31to60', 'desc')).toEqual(['Aging Corner Store', 'Aging Dockside Mart']);
    const page = (await aging({ asOf: AS_OF, resultsPerPage: 1, currentPage: 2 })).json();
    expect(page).toMatchObject({ currentPage: 2, numPages: 2, totalRows: 2 });
    expect(page.report.map((r: { customerId: number }) => r.customerId)).toEqual([dockside]);
    // The totals are over every matching row, not the page.
    expect(page.totals.total).toBe(130);
  });

  it("names each row by the customer's company as it is now: a rename shows, and sorts, at once", async () => {
    const rename = async (company: string) => {
      const read = (await t.call('POST', `/api/customer/${dockside}/`, undefined, t.adminToken)).json().customer;
      const res = await t.call('PATCH', '/api/customer/update/', { ...read, id: dockside, company }, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
    };
    const names = async () =>
      (await aging({ asOf: AS_OF, sortingList: [{ column: 'customer', order: 'asc' }] }))
        .json()
        .report.map((r: { customer: string }) => r.customer);
    await rename('Aaa Dockside Renamed');
    try {
      expect(await names()).toEqual(['Aaa Dockside Renamed', 'Aging Corner Store']);
    } finally {
      await rename('Aging Dockside Mart');
    }
    expect(await names()).toEqual(['Aging Corner Store', 'Aging Dockside Mart']);
  });

  it('drops what a payment settles: the part-paid invoice leaves the report when paid in full', async () => {
    const pay = await inv.pay(partPaid, { amountPaid: 3 });
    expect(pay.statusCode).toBe(200);
    const body = (await aging({ asOf: AS_OF })).json();
    expect(body.report.map((r: { customerId: number }) => r.customerId)).toEqual([corner]);
    expect(body.totals.total).toBe(127);
  });

  it('answers 400 naming the field for a bad date or an unknown sort column', async () => {
    const bad = await aging({ asOf: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/asOf/);
    const sort = await aging({ sortingList: [{ column: 'constructor', order: 'asc' }] });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toMatch(/sortingList/);
  });

  it('answers 401 without a session', async () => {
    const res = await t.call('POST', '/api/reports/aging', { asOf: AS_OF }, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST reports/aging/csv', () => {
  it('downloads every customer and a totals row', async () => {
    const res = await t.call('POST', '/api/reports/aging/csv', { asOf: AS_OF }, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="aging-${AS_OF}.csv"`);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows).toEqual([
      [
        'Customer',
        'Customer ID',
        'Open Invoices',
        'Oldest Invoice',
        '0-30 days',
        '31-60 days',
        '61-90 days',
        'Over 90 days',
        'Total Due',
      ],
      ['Aging Corner Store', String(corner), '7', addDays(AS_OF, -91), '3.00', '12.00', '48.00', '64.00', '127.00'],
      ['Totals', '', '7', '', '3.00', '12.00', '48.00', '64.00', '127.00'],
    ]);
  });
});

describe('POST reports/aging, walk-in sales', () => {
  it('shows walk-in DUE invoices as one row (id 0) that a search for "walk-in" finds', async () => {
    const product = await createProduct(t, { name: 'Aging Walk-in Item', costPrice: 1, sellingPrice: 4 });
    const { id } = await inv.newInvoice();
    await inv.setInvoice(id, { date: addDays(AS_OF, -5) });
    await inv.addLine(id, product.id);
    await inv.setInvoice(id, { status: 'DUE' });
    const found = (await aging({ asOf: AS_OF, searchQuery: 'walk-in' })).json();
    expect(found.report).toEqual([
      expect.objectContaining({ customerId: 0, customer: 'Walk-in customer', openInvoices: 1, days0to30: 4, total: 4 }),
    ]);
    expect(found.totals).toMatchObject({ openInvoices: 1, total: 4 });
    const corner = (await aging({ asOf: AS_OF, searchQuery: 'Corner' })).json();
    expect(corner.report.map((r: { customer: string }) => r.customer)).toEqual(['Aging Corner Store']);
    expect(corner.totals.total).toBe(127);
  });
});

describe('POST reports/aging, most owed first', () => {
  it('pages most owed first as the same sort asked for, ties in name order', async () => {
    // Dated after every other invoice here, so only an as-of date this late sees them.
    const LATER = '2027-06-01';
    const product = await createProduct(t, { name: 'Aging Tie Item', costPrice: 1, sellingPrice: 3 });
    const post = async (url: string, body: unknown) => (await t.call('POST', url, body, t.adminToken)).json();
    // Created out of name order, three owing the same $3, one $6, and a walk-in sale of $3 (beside the
    // walk-in row's $4 from the test above).
    for (const [company, units] of [
      ['Aging Tie B', 1],
      ['Aging Tie A', 1],
      ['Aging Tie Big', 2],
      ['Aging Tie C', 1],
      [null, 1],
    ] as const) {
      const customerID = company ? (await post('/api/customer/new/', { company })).customer.id : undefined;
      const { id } = await inv.newInvoice();
      await inv.setInvoice(id, { date: LATER, ...(customerID ? { customerID } : {}) });
      const line = await inv.addLine(id, product.id);
      if (units !== 1) {
        await t.call(
          'PATCH',
          '/api/invoice/update/item/',
          { id: line.id, invoiceID: id, quantity: units },
          t.adminToken,
        );
      }
      await inv.setInvoice(id, { status: 'DUE' });
    }
    const byTotal = [{ column: 'total', order: 'desc' }];
    const all = (await aging({ asOf: LATER, resultsPerPage: 100, sortingList: byTotal })).json();
    const ties = all.report
      .filter((r: { total: number }) => r.total === 3)
      .map((r: { customer: string }) => r.customer);
    expect(ties).toEqual(['Aging Tie A', 'Aging Tie B', 'Aging Tie C']);
    for (const resultsPerPage of [1, 2, 3]) {
      for (let currentPage = 1; (currentPage - 1) * resultsPerPage < all.totalRows; currentPage++) {
        const body = { asOf: LATER, resultsPerPage, currentPage };
        const [fast, full] = [await aging(body), await aging({ ...body, sortingList: byTotal })];
        expect(fast.json(), JSON.stringify(body)).toEqual(full.json());
      }
    }
    // A search is most owed first among the matches.
    const found = (await aging({ asOf: LATER, searchQuery: 'Aging Tie', resultsPerPage: 2 })).json();
    expect(found.report.map((r: { customer: string }) => r.customer)).toEqual(['Aging Tie Big', 'Aging Tie A']);
  });
});
