import { addDays, recentInvoicesFilter } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { invoiceOrder } from '../../../test/lists.js';
import { createDashboardFixture, dashboardCall } from './dashboard.fixture.js';
import { dashboardRepository } from './dashboard.repository.js';

const t = testApp();
const TAG = 'Dash';
let f: Awaited<ReturnType<typeof createDashboardFixture>>;

beforeAll(async () => {
  f = await createDashboardFixture(() => t, TAG);
}, 60_000);

const call = dashboardCall(() => t);

const monthOf = (date: string) => ({ month: Number(date.slice(5, 7)), year: Number(date.slice(0, 4)) });
const firstOf = (date: string) => `${date.slice(0, 7)}-01`;
/** The last day of the date's month. */
const lastOf = (date: string) => addDays(firstOf(addDays(firstOf(date), 31)), -1);

describe('the figures, computed by hand (see dashboard.fixture.ts), with the default periods', () => {
  it('productsTop: sales quantity this month, largest first; the return, the NEW draft and last month left out', async () => {
    const body = await call('productsTop');
    expect(body.report).toEqual([
      { productName: `${TAG} Cola`, quantitySold: 12 },
      { productName: `${TAG} Chips`, quantitySold: 4 },
      { productName: `${TAG} Candy`, quantitySold: 3 },
    ]);
    expect(body).toMatchObject({ currentPage: 1, numPages: 1, totalRows: 3 });
    expect(body.period).toEqual({ startDate: firstOf(f.today), endDate: lastOf(f.today) });
  });

  it('productsTop pages: 2 per page → page 2 holds the third', async () => {
    const body = await call('productsTop', { currentPage: 2, resultsPerPage: 2 });
    expect(body.report).toEqual([{ productName: `${TAG} Candy`, quantitySold: 3 }]);
    expect(body).toMatchObject({ currentPage: 2, numPages: 2, totalRows: 3 });
  });

  it('productStatus: 3 products sold, 19 units sold, 1 returned for resale, 2 damaged', async () => {
    const body = await call('productStatus', {});
    expect(body.report).toEqual({ productsSold: 3, unitsSold: 19, unitsReturned: 1, unitsDamaged: 2 });
  });

  it('status: 19 units sold, 1 invoice paid, 2 customers (walk-in sales are nobody)', async () => {
    const body = await call('status');
    expect(body.report).toEqual({ quantitySold: 19, invoicesPaid: 1, activeCustomers: 2 });
  });

  it('statusOverview: revenue 27 + 15 + 3 over the last 14 days and 3 orders', async () => {
    const body = await call('statusOverview');
    expect(body.report).toEqual({ revenue: 45, ordersProcessed: 3 });
    expect(body.period).toEqual({ startDate: addDays(f.today, -13), endDate: f.today });
  });

  it('salesDaily: every one of the 14 days, zeros included, today last', async () => {
    const body = await call('salesDaily');
    expect(body.report).toHaveLength(14);
    expect(body.report.map((r: { date: string }) => r.date)).toEqual(
      Array.from({ length: 14 }, (_, i) => addDays(f.today, i - 13)),
    );
    expect(body.report[13]).toEqual({ date: f.today, totalRevenue: 45, totalOrders: 3 });
    expect(
      body.report
        .slice(0, 13)
        .every((r: { totalRevenue: number; totalOrders: number }) => !r.totalRevenue && !r.totalOrders),
    ).toBe(true);
  });

  it('salesByCategory: Σ sales subtotal per category this month, largest first; no category is Uncategorized', async () => {
    const body = await call('salesByCategory');
    expect(body.report).toEqual([
      { category: 'Drinks', totalSales: 18 },
      { category: 'Uncategorized', totalSales: 15 },
      { category: 'Snacks', totalSales: 12 },
    ]);
  });

  it('invoices: the latest counted invoices, newest first, walk-in named, the draft left out', async () => {
    const body = await call('invoices');
    const row = (k: 'i1' | 'i2' | 'i3' | 'i5', customer: string, total: number, status: string, date: string) => ({
      id: f.ids[k],
      invoiceNo: f.numbers[k],
      customer,
      total,
      status,
      date,
    });
    expect(body.report).toEqual([
      row('i3', 'Walk-in customer', 3, 'DUE', f.today),
      row('i2', `${TAG} Dockside Mart`, 15, 'PAID', f.today),
      row('i1', `${TAG} Corner Store`, 27, 'DUE', f.today),
      row('i5', `${TAG} Corner Store`, 10.5, 'DUE', f.lastMonth),
    ]);
    expect(body).toMatchObject({ currentPage: 1, numPages: 1, totalRows: 4 });
  });
});

describe('the latest invoices, sorted and paged', () => {
  interface Recent {
    id: number;
    invoiceNo: string;
    customer: string;
    total: number;
    status: string;
    date: string;
  }
  const WALK_IN = 'Walk-in customer';
  /** The definition: the column, then date and id in the same direction; a walk-in has no company. */
  const sorted = (rows: Recent[], column: keyof Recent, order: 'asc' | 'desc') =>
    invoiceOrder(
      rows,
      (r) => (column === 'invoiceNo' ? r.id : column === 'customer' && r.customer === WALK_IN ? null : r[column]),
      order,
    );

  it('sorts by every column both ways, pages one row at a time, and counts only submitted invoices', async () => {
    const all: Recent[] = (await call('invoices', { resultsPerPage: 1000 })).report;
    expect(all.map((r) => r.id).sort()).toEqual([f.ids.i1, f.ids.i2, f.ids.i3, f.ids.i5].sort());
    for (const column of ['id', 'invoiceNo', 'customer', 'total', 'status', 'date'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const sortingList = [{ column, order }];
        const whole = (await call('invoices', { sortingList, resultsPerPage: 1000 })).report as Recent[];
        expect({ column, order, ids: whole.map((r) => r.id) }).toEqual({
          column,
          order,
          ids: sorted(all, column, order).map((r) => r.id),
        });
        const pages = [];
        for (let currentPage = 1; currentPage <= all.length; currentPage++) {
          const body = await call('invoices', { sortingList, resultsPerPage: 1, currentPage });
          expect(body).toMatchObject({ totalRows: all.length, numPages: all.length });
          pages.push(...body.report.map((r: Recent) => r.id));
        }
        expect(pages).toEqual(whole.map((r) => r.id));
      }
    }
    const last = monthOf(f.lastMonth);
    const month = await call('invoices', { ...last, sortingList: [{ column: 'total', order: 'asc' }] });
    expect(month).toMatchObject({ totalRows: 1, report: [{ id: f.ids.i5 }] });
    const found = await call('invoices', { searchQuery: `${TAG} corner` });
    expect({ ids: found.report.map((r: Recent) => r.id), totalRows: found.totalRows }).toEqual({
      ids: [f.ids.i1, f.ids.i5],
      totalRows: 2,
    });
  });
});

describe('the latest invoices, searched', () => {
  it('by invoice number or customer (walk-ins by their label), as many numbers or few, like the definition', async () => {
    const all = (await call('invoices', { resultsPerPage: 1000 })).report as {
      id: number;
      invoiceNo: string;
      customer: string;
    }[];
    const matches = (text: string) =>
      all
        .filter(
          (r) =>
            r.invoiceNo.toLowerCase().includes(text.toLowerCase()) ||
            r.customer.toLowerCase().includes(text.toLowerCase()),
        )
        .map((r) => r.id);
    const searches = [
      f.numbers.i2,
      f.numbers.i5.slice(-3),
      `${TAG} corner`,
      'DOCKSIDE',
      'walk-in',
      'Walk',
      'Invoice/',
      'voice',
      'nothing like it',
      '%',
    ];
    for (const searchQuery of searches) {
      const expected = matches(searchQuery);
      const body = await call('invoices', { searchQuery, resultsPerPage: 1000 });
      expect({ searchQuery, ids: body.report.map((r: { id: number }) => r.id), totalRows: body.totalRows }).toEqual({
        searchQuery,
        ids: expected,
        totalRows: expected.length,
      });
      // The same when every number counts as many (tested on the rows instead of read by id).
      const filter = recentInvoicesFilter.parse({ searchQuery, resultsPerPage: 1000 });
      const walked = await dashboardRepository.recentInvoices(t.database.db, filter, 0);
      expect({ searchQuery, ids: walked.rows.map((r) => r.id), totalRows: walked.totalRows }).toEqual({
        searchQuery,
        ids: expected,
        totalRows: expected.length,
      });
    }
    expect(matches('walk-in')).toEqual([f.ids.i3]);
    expect(matches(`${TAG} corner`)).toEqual([f.ids.i1, f.ids.i5]);
  });
});

describe('other periods', () => {
  it('last month alone: Cola 7, one customer, nothing paid, one order of 10.50', async () => {
    const last = monthOf(f.lastMonth);
    expect((await call('productsTop', last)).report).toEqual([{ productName: `${TAG} Cola`, quantitySold: 7 }]);
    expect((await call('status', last)).report).toEqual({ quantitySold: 7, invoicesPaid: 0, activeCustomers: 1 });
    expect((await call('salesByCategory', last)).report).toEqual([{ category: 'Drinks', totalSales: 10.5 }]);
    const overview = await call('statusOverview', { endDate: f.lastMonth, days: 1 });
    expect(overview).toEqual({
      report: { revenue: 10.5, ordersProcessed: 1 },
      period: { startDate: f.lastMonth, endDate: f.lastMonth },
    });
  });

  it('salesDaily over start and end dates; this year covers both months', async () => {
    const body = await call('salesDaily', { startDate: addDays(f.lastMonth, -1), endDate: addDays(f.lastMonth, 1) });
    expect(body.report).toEqual([
      { date: addDays(f.lastMonth, -1), totalRevenue: 0, totalOrders: 0 },
      { date: f.lastMonth, totalRevenue: 10.5, totalOrders: 1 },
      { date: addDays(f.lastMonth, 1), totalRevenue: 0, totalOrders: 0 },
    ]);
    const year = await call('status', { trend: 'year' });
    const sameYear = f.lastMonth.slice(0, 4) === f.today.slice(0, 4);
    expect(year.report.quantitySold).toBe(sameYear ? 26 : 19);
  });
});

describe('page sizes: 1 … 100,000 as on every list', () => {
  it.each([
    ['productsTop', 'report'],
    ['invoices', 'report'],
  ])('%s takes 100,000 rows a page (and 101, past the old cap of 100) and refuses 100,001', async (name, key) => {
    for (const resultsPerPage of [1, 101, 100_000]) {
      const body = await call(name, { resultsPerPage });
      expect(body[key].length, String(resultsPerPage)).toBe(Math.min(resultsPerPage, body.totalRows));
      expect(body).toMatchObject({ currentPage: 1, numPages: Math.ceil(body.totalRows / resultsPerPage) });
    }
    for (const resultsPerPage of [0, 100_001]) {
      const res = await t.call('POST', `/api/reports/${name}/`, { resultsPerPage }, t.adminToken);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: resultsPerPage ? 'resultsPerPage must be a number ≤ 100000' : 'resultsPerPage must be a number ≥ 1',
        field: 'resultsPerPage',
      });
    }
  });
});

describe('errors', () => {
  const calls = [
    'productsTop',
    'productStatus',
    'status',
    'statusOverview',
    'invoices',
    'salesByCategory',
    'salesDaily',
  ];

  it.each(calls)('%s: 401 without a token', async (name) => {
    const res = await t.call('POST', `/api/reports/${name}/`, {}, null);
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['productsTop', { resultsPerPage: 0 }, 'resultsPerPage'],
    ['productStatus', { month: 13 }, 'month'],
    ['status', { trend: 'week' }, 'trend'],
    ['statusOverview', { days: 0 }, 'days'],
    ['invoices', { startDate: 'yesterday' }, 'startDate'],
    ['salesByCategory', { year: 'x' }, 'year'],
    ['salesDaily', { days: 367 }, 'days'],
  ])('%s: 400 naming the field on a bad body %j', async (name, body, field) => {
    const res = await t.call('POST', `/api/reports/${name}/`, body, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  it.each([
    ['salesDaily', { startDate: '2026-05-02', endDate: '2026-05-01' }, 'endDate must not be before startDate'],
    ['status', { startDate: '2024-01-01', endDate: '2026-01-01' }, 'endDate must be at most 366 days after startDate'],
  ])('%s: 400 on an end before the start, or more than 366 days: %j', async (name, body, message) => {
    const res = await t.call('POST', `/api/reports/${name}/`, body, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field: 'endDate' });
  });
});
