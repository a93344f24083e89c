import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { expectSortRefused } from '../../../test/lists.js';
import { createReportFixture } from '../../../test/reports.js';

const t = testApp();
const TAG = 'Rpt';
const NOVEMBER = { month: 11, year: 2026, resultsPerPage: 100 };
let f: Awaited<ReturnType<typeof createReportFixture>>;

beforeAll(async () => {
  f = await createReportFixture(() => t, TAG);
}, 60_000);

async function report(name: string, body: Record<string, unknown> = NOVEMBER) {
  const res = await t.call('POST', `/api/reports/${name}/`, body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Each numeric field summed over the rows (in cents, to compare without float drift). */
function sums(rows: Record<string, unknown>[], keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + Math.round(Number(r[k]) * 100), 0) / 100]));
}

/** Builds rows from values in the order of `keys` (the row's fields). */
const shape =
  (...keys: string[]) =>
  (...values: unknown[]) =>
    Object.fromEntries(keys.map((k, i) => [k, values[i]]));
const productRow = shape(
  'barcode',
  'productName',
  'totalCostPrice',
  'totalSellingPrice',
  'totalQuantitySold',
  'totalProfit',
);
const damagedRow = shape(
  'barcode',
  'productName',
  'totalCostPrice',
  'totalDamagedPrice',
  'totalLoss',
  'totalQuantityDamaged',
);
const customerRow = shape(
  'customer',
  ...['totalInvoices', 'awardPoints', 'totalCost', 'totalSelling', 'totalPaid', 'discount'],
  ...['resellableGoods', 'damagedGoods', 'totalDue', 'totalProfit'],
);
const summaryRow = shape('customer', 'id', 'totalInvoices', 'totalAmount', 'totalPaid', 'totalDue');
const billerRow = shape(
  'biller',
  'totalCost',
  'totalSelling',
  'awardPoints',
  'discount',
  'damagedGoods',
  'totalExpense',
  'totalProfit',
);
/** The totals: a row without its first (text) fields. */
const totalsOf = (row: Record<string, unknown>, ...text: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !text.includes(k)));

describe('the figures, computed by hand (see test/reports.ts)', () => {
  it('Product Report: sales net of resellable returns; damaged lines, the NEW draft and October left out', async () => {
    const body = await report('product');
    expect(body.report).toEqual([
      productRow(f.candy.barcode, `${TAG} Candy`, 12, 15, 3, 3),
      productRow(f.chips.barcode, `${TAG} Chips`, 6, 9, 3, 3),
      productRow(f.cola.barcode, `${TAG} Cola 12oz`, 12, 18, 12, 6),
    ]);
    expect(body.totals).toEqual({ totalCostPrice: 30, totalSellingPrice: 42, totalQuantitySold: 18, totalProfit: 12 });
    expect(body).toMatchObject({ currentPage: 1, numPages: 1, totalRows: 3 });
  });

  it('Damaged Goods: the damaged return at cost and at the credit given', async () => {
    const body = await report('damagedGoods');
    expect(body.report).toEqual([damagedRow(f.candy.barcode, `${TAG} Candy`, 8, 10, 10, 2)]);
    expect(body.totals).toEqual(totalsOf(damagedRow('', '', 8, 10, 10, 2), 'barcode', 'productName'));
  });

  it('My Report: per customer, walk-in sales as their own row; profit = selling − cost − discount − damaged', async () => {
    const body = await report('customer');
    expect(body.report).toEqual([
      customerRow(`${TAG} Corner Store`, 1, 2, 16, 24, 5, 1, 3, 10, 8, -3),
      customerRow(`${TAG} Dockside Mart`, 1, 0, 12, 15, 14, 1, 0, 0, 0, 2),
      customerRow('Walk-in customer', 1, 0, 2, 3, 0, 0, 0, 0, 3, 1),
    ]);
    expect(body.totals).toEqual(totalsOf(customerRow('', 3, 2, 30, 42, 19, 2, 3, 10, 11, 0), 'customer'));
  });

  it('Customer Report: invoices, amount (total − credited), paid and due per customer', async () => {
    const body = await report('customerSummary');
    expect(body.report).toEqual([
      summaryRow(`${TAG} Corner Store`, f.corner, 1, 14, 5, 8),
      summaryRow(`${TAG} Dockside Mart`, f.dockside, 1, 15, 14, 0),
      summaryRow('Walk-in customer', 0, 1, 3, 0, 3),
    ]);
    expect(body.totals).toEqual({ totalInvoices: 3, totalAmount: 32, totalPaid: 19, totalDue: 11 });
  });

  it("Biller Report: each biller's expenses of the same period; profit after discount, damaged and expenses", async () => {
    const body = await report('biller');
    expect(body.report).toEqual([
      billerRow(`${TAG} Acme Wholesale`, 18, 27, 2, 1, 10, 4, -6),
      billerRow(`${TAG} Beta Supply`, 12, 15, 0, 1, 0, 2.5, -0.5),
    ]);
    expect(body.totals).toEqual(totalsOf(billerRow('', 30, 42, 2, 2, 10, 6.5, -6.5), 'biller'));
  });
});

describe('filters', () => {
  it('the period: October alone, the whole year, no period, dates, and a month and year sent as text', async () => {
    const october = await report('customerSummary', { month: '10', year: '2026' });
    expect(october.report).toEqual([
      {
        customer: `${TAG} Corner Store`,
        id: f.corner,
        totalInvoices: 1,
        totalAmount: 10.5,
        totalPaid: 0,
        totalDue: 10.5,
      },
    ]);
    const year = await report('customerSummary', { year: 2026 });
    expect(year.totals).toEqual({ totalInvoices: 4, totalAmount: 42.5, totalPaid: 19, totalDue: 21.5 });
    expect((await report('customerSummary', {})).totals).toEqual(year.totals);
    const range = await report('customerSummary', { startDate: '2026-11-05', endDate: '2026-11-12' });
    expect(range.totals).toEqual({ totalInvoices: 2, totalAmount: 17, totalPaid: 5, totalDue: 11 });
    expect((await report('biller', { year: 2025 })).report).toEqual([]);
    expect((await report('biller', { year: 2026 })).totals.totalExpense).toBe(106.5);
  });

  it('a year that is not a year is ignored (free text); a month out of range is a 400', async () => {
    expect((await report('customerSummary', { year: 'twenty' })).totals.totalInvoices).toBe(4);
    const bad = await t.call('POST', '/api/reports/product/', { month: 13 }, t.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'month' });
  });

  it('status: PAID keeps the paid invoice only; DUE the others; Customer Summary ignores it', async () => {
    const paid = await report('product', { ...NOVEMBER, status: 'PAID' });
    expect(paid.report.map((r: { productName: string }) => r.productName)).toEqual([`${TAG} Candy`]);
    expect(paid.totals).toEqual({ totalCostPrice: 12, totalSellingPrice: 15, totalQuantitySold: 3, totalProfit: 3 });
    const due = await report('customer', { ...NOVEMBER, status: 'DUE' });
    expect(due.report.map((r: { customer: string }) => r.customer)).toEqual([
      `${TAG} Corner Store`,
      'Walk-in customer',
    ]);
    expect((await report('customerSummary', { ...NOVEMBER, status: 'PAID' })).totalRows).toBe(3);
    expect((await report('biller', { ...NOVEMBER, status: 'All', biller: 'Choose...' })).totalRows).toBe(2);
    expect((await report('damagedGoods', { ...NOVEMBER, status: 'PAID' })).report).toEqual([]);
  });

  it('search: by product name or barcode, by customer company (walk-in too), by biller company', async () => {
    expect((await report('product', { ...NOVEMBER, searchQuery: 'chips' })).report).toHaveLength(1);
    const byCode = await report('product', { ...NOVEMBER, searchQuery: f.cola.barcode });
    expect(byCode.report.map((r: { productName: string }) => r.productName)).toEqual([`${TAG} Cola 12oz`]);
    expect(byCode.totals.totalQuantitySold).toBe(12);
    const walkIn = await report('customer', { ...NOVEMBER, searchQuery: 'walk-in' });
    expect(walkIn.report.map((r: { customer: string }) => r.customer)).toEqual(['Walk-in customer']);
    expect(walkIn.totals.totalDue).toBe(3);
    expect((await report('customerSummary', { ...NOVEMBER, searchQuery: 'dockside' })).report[0].id).toBe(f.dockside);
    expect((await report('biller', { ...NOVEMBER, searchQuery: 'beta' })).totals.totalExpense).toBe(2.5);
  });

  it('sorts by a money column; a column the report does not offer is a 400', async () => {
    const bySelling = await report('product', {
      ...NOVEMBER,
      sortingList: [{ column: 'totalSellingPrice', order: 'desc' }],
    });
    expect(bySelling.report.map((r: { totalSellingPrice: number }) => r.totalSellingPrice)).toEqual([18, 15, 9]);
    const byProfit = await report('biller', { ...NOVEMBER, sortingList: [{ column: 'totalProfit', order: 'asc' }] });
    expect(byProfit.report.map((r: { totalProfit: number }) => r.totalProfit)).toEqual([-6, -0.5]);
    for (const name of ['product', 'customer', 'customerSummary', 'biller', 'damagedGoods']) {
      await expectSortRefused(t, `/api/reports/${name}/`);
    }
  });
});

describe('paging and totals', () => {
  it.each([
    ['product', ['totalCostPrice', 'totalSellingPrice', 'totalQuantitySold', 'totalProfit']],
    ['damagedGoods', ['totalCostPrice', 'totalDamagedPrice', 'totalLoss', 'totalQuantityDamaged']],
    [
      'customer',
      ['totalInvoices', 'totalCost', 'totalSelling', 'totalPaid', 'discount', 'damagedGoods', 'totalProfit'],
    ],
    ['customerSummary', ['totalInvoices', 'totalAmount', 'totalPaid', 'totalDue']],
    ['biller', ['totalCost', 'totalSelling', 'discount', 'damagedGoods', 'totalExpense', 'totalProfit']],
  ])('%s: totals equal the sum of every row (Show = ALL), whatever the page', async (name, keys) => {
    const all = await report(name, { resultsPerPage: 100_000 });
    expect(all.totalRows).toBe(all.report.length);
    expect(all.totals).toMatchObject(sums(all.report, keys));
    const page2 = await report(name, { resultsPerPage: 1, currentPage: 2 });
    expect(page2).toMatchObject({
      currentPage: 2,
      numPages: all.totalRows,
      totalRows: all.totalRows,
      totals: all.totals,
    });
    expect(page2.report).toEqual(all.report.slice(1, 2));
    // A page past the end has no rows but the same count and totals; a search that finds nothing, zeros.
    const past = await report(name, { resultsPerPage: 1, currentPage: all.totalRows + 1 });
    expect(past).toMatchObject({ report: [], totalRows: all.totalRows, totals: all.totals });
    const none = await report(name, { searchQuery: 'no such name anywhere' });
    expect(none).toMatchObject({ report: [], totalRows: 0, totals: Object.fromEntries(keys.map((k) => [k, 0])) });
  });
});

describe('CSV export', () => {
  it('answers text/csv named after the report and month, every row and a totals row', async () => {
    const res = await t.call('POST', '/api/reports/product/csv/', { ...NOVEMBER, resultsPerPage: 1 }, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="product-report-2026-11.csv"');
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['Barcode', 'Product Name', 'Total Cost Price', 'Total Selling Price', 'Total Quantity Sold', 'Total Profit'],
      [f.candy.barcode, `${TAG} Candy`, '12.00', '15.00', '3', '3.00'],
      [f.chips.barcode, `${TAG} Chips`, '6.00', '9.00', '3', '3.00'],
      [f.cola.barcode, `${TAG} Cola 12oz`, '12.00', '18.00', '12', '6.00'],
      ['Totals', '', '30.00', '42.00', '18', '12.00'],
    ]);
  });

  it.each(['customer', 'customerSummary', 'biller', 'damagedGoods'])(
    '%s: the same rows and totals as the report',
    async (name) => {
      const body = await report(name, { year: 2026 });
      const res = await t.call('POST', `/api/reports/${name}/csv/`, { year: '2026' }, t.adminToken);
      expect(res.headers['content-disposition']).toMatch(/-2026\.csv"$/);
      const [header, ...rest] = parse(res.body, { bom: true }) as string[][];
      expect(rest).toHaveLength(body.report.length + 1);
      expect(rest.at(-1)?.[0]).toBe('Totals');
      const first = Object.values(body.report[0]);
      expect(rest[0].map((c, i) => (typeof first[i] === 'number' ? Number(c) : c))).toEqual(first);
      expect(header).toHaveLength(first.length);
    },
  );

  it('refuses a bad filter and a caller without a token', async () => {
    expect(
      (await t.call('POST', '/api/reports/biller/csv/', { sortingList: [{ column: 'x', order: 'asc' }] }, t.adminToken))
        .statusCode,
    ).toBe(400);
    expect((await t.call('POST', '/api/reports/biller/csv/', {}, null)).statusCode).toBe(401);
  });
});

it('every report needs a signed-in user', async () => {
  for (const name of ['product', 'customer', 'customerSummary', 'biller', 'damagedGoods']) {
    const res = await t.call('POST', `/api/reports/${name}/`, NOVEMBER, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in' });
  }
});
