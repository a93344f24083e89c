import { type AgingFilter, addDays } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { agingPage } from './aging.repository.js';
import { keptFiguresHold, keptSumsServe, NAME_WALK_MAX } from './aging-kept.repository.js';

/**
 * The aging report from the kept sums per customer (as of a date no DUE invoice is after, no
 * search, sorted by total, open invoices, customer id or name) against the grouping of every open
 * invoice: the same rows, count and totals on every page of every such order.
 */
const t = testApp();
const inv = invoiceCalls(() => t);
const AS_OF = '2026-11-25';

beforeAll(async () => {
  const post = async (url: string, body: unknown) => (await t.call('POST', url, body, t.adminToken)).json();
  const dollar = await createProduct(t, { name: 'Kept Aging Dollar', costPrice: 0.5, sellingPrice: 1 });
  const invoice = (customerID: number | undefined, daysOld: number, units: number, status = 'DUE') =>
    inv.invoiceOf(
      dollar.id,
      units,
      { date: addDays(AS_OF, -daysOld), ...(customerID ? { customerID } : {}) },
      status !== 'NEW',
    );
  // Stores owing in every bucket, two with the same total (their names order them), two with the
  // same name (their ids order them), one with three open invoices, a part-paid one, a paid one
  // (gone), a draft (never counted), walk-ins.
  const store = async (company: string) => (await post('/api/customer/new/', { company })).customer.id as number;
  const [north, south, east, west, harbour] = [
    await store('Kept North Deli'),
    await store('Kept South Deli'),
    await store('Kept East Market'),
    await store('Kept West Fuel'),
    await store('Kept Harbour Grocer'),
  ];
  await invoice(await store('Kept North Deli'), 50, 5);
  await invoice(north, 3, 12);
  await invoice(south, 40, 12);
  for (const [days, units] of [
    [0, 1],
    [35, 2],
    [75, 4],
  ])
    await invoice(east, days, units);
  await invoice(west, 120, 30);
  // Owing over 90 days only, less than West: most owed over 90 days puts it second.
  await invoice(await store('Kept Old Yard'), 100, 20);
  const partPaid = await invoice(harbour, 65, 9);
  expect((await inv.pay(partPaid, { amountPaid: 4 })).statusCode).toBe(200);
  const paid = await invoice(harbour, 10, 6);
  expect((await inv.pay(paid, { amountPaid: 6 })).statusCode).toBe(200);
  await invoice(west, 1, 50, 'NEW');
  await invoice(undefined, 20, 3);
  await invoice(undefined, 95, 2);
});

const filterOf = (f: Partial<AgingFilter>): AgingFilter =>
  ({ currentPage: 1, resultsPerPage: 100, searchQuery: '', asOf: '', ...f }) as AgingFilter;

describe('aging from the kept sums', () => {
  it('serves no search, the sorts it holds, and an as-of date no DUE invoice is after', async () => {
    const db = t.database.db;
    const serves = async (f: AgingFilter, asOf: string) => keptSumsServe(f) && (await keptFiguresHold(db, f, asOf));
    expect(await serves(filterOf({}), AS_OF)).toBe(true);
    for (const column of ['total', 'openInvoices', 'customerId', 'customer'])
      expect(await serves(filterOf({ sortingList: [{ column, order: 'asc' }] }), AS_OF)).toBe(true);
    expect(await serves(filterOf({ searchQuery: 'Kept' }), AS_OF)).toBe(false);
    // The CSV's one page of every customer: the grouping sums it in one pass.
    expect(await serves(filterOf({ resultsPerPage: 100_000 }), AS_OF)).toBe(false);
    // By a bucket: either way up to 90 days, most owed first over 90; the first pages only.
    for (const column of ['days0to30', 'days31to60', 'days61to90'])
      for (const order of ['asc', 'desc'] as const)
        expect(await serves(filterOf({ sortingList: [{ column, order }] }), AS_OF)).toBe(true);
    const over90 = (order: 'asc' | 'desc') => filterOf({ sortingList: [{ column: 'over90', order }] });
    expect(await serves(over90('desc'), AS_OF)).toBe(true);
    expect(await serves(over90('asc'), AS_OF)).toBe(false);
    const deepBucket = { resultsPerPage: 10, currentPage: NAME_WALK_MAX / 10 + 2 };
    expect(await serves({ ...over90('desc'), ...deepBucket }, AS_OF)).toBe(false);
    // By the oldest open invoice, oldest first, the first pages only.
    const oldest = (order: 'asc' | 'desc') => filterOf({ sortingList: [{ column: 'oldest', order }] });
    expect(await serves(oldest('asc'), AS_OF)).toBe(true);
    expect(await serves({ ...oldest('asc'), ...deepBucket }, AS_OF)).toBe(false);
    expect(await serves(oldest('desc'), AS_OF)).toBe(false);
    // By name, the first pages only (a walk of the customers in name order), and by name alone.
    const byName = [{ column: 'customer', order: 'desc' as const }];
    const deep = { resultsPerPage: 10, currentPage: NAME_WALK_MAX / 10 + 2 };
    expect(await serves(filterOf({ sortingList: byName, ...deep }), AS_OF)).toBe(false);
    const withTotal = [...byName, { column: 'total', order: 'asc' as const }];
    expect(await serves(filterOf({ sortingList: withTotal }), AS_OF)).toBe(false);
    // An as-of date before the newest DUE invoice: that one is not open yet, so the sums do not hold.
    expect(await serves(filterOf({}), addDays(AS_OF, -1))).toBe(false);
  });

  it('gives the rows, count and totals of the grouping on every page of every order it serves', async () => {
    const db = t.database.db;
    const sorts = [
      undefined,
      ...['total', 'openInvoices', 'customerId', 'customer', 'days0to30', 'days31to60', 'days61to90'].flatMap(
        (column) => (['asc', 'desc'] as const).map((order) => [{ column, order }]),
      ),
      ...['over90', 'oldest'].flatMap((column) => (['asc', 'desc'] as const).map((order) => [{ column, order }])),
      [
        { column: 'oldest', order: 'asc' as const },
        { column: 'total', order: 'desc' as const },
      ],
    ];
    const plain = await agingPage(db, filterOf({}), AS_OF, { plain: true });
    expect(plain.totalRows).toBe(8);
    expect(plain.totals).toMatchObject({ openInvoices: 11, total: (12 + 12 + 7 + 30 + 20 + 5 + 3 + 2 + 5) * 100 });
    // Sorted by name, the two stores of one name in the sort's direction of their ids.
    for (const order of ['asc', 'desc'] as const) {
      const rows = (await agingPage(db, filterOf({ sortingList: [{ column: 'customer', order }] }), AS_OF)).rows;
      const norths = rows.filter((r) => r.customer === 'Kept North Deli').map((r) => Number(r.customerId));
      expect(norths).toEqual([...norths].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      expect(norths).toHaveLength(2);
    }
    for (const sortingList of sorts) {
      for (const resultsPerPage of [1, 2, 3, 100, 500]) {
        for (let currentPage = 1; (currentPage - 1) * resultsPerPage < plain.totalRows; currentPage++) {
          const f = filterOf({ sortingList, resultsPerPage, currentPage });
          const [kept, grouped] = [await agingPage(db, f, AS_OF), await agingPage(db, f, AS_OF, { plain: true })];
          expect(kept, JSON.stringify({ sortingList, resultsPerPage, currentPage })).toEqual(grouped);
        }
      }
    }
  });

  it('follows a payment at once, the row and the footer alike', async () => {
    const before = await agingPage(t.database.db, filterOf({}), AS_OF);
    const west = before.rows.find((r) => r.customer === 'Kept West Fuel');
    expect(Number(west?.total)).toBe(3000);
    const { invoices } = (
      await t.call('POST', '/api/invoice/all/', { searchQuery: 'Kept West Fuel', status: 'DUE' }, t.adminToken)
    ).json();
    expect((await inv.pay(invoices[0].id, { amountPaid: 10 })).statusCode).toBe(200);
    const after = await agingPage(t.database.db, filterOf({}), AS_OF);
    expect(after).toEqual(await agingPage(t.database.db, filterOf({}), AS_OF, { plain: true }));
    expect(Number(after.rows.find((r) => r.customer === 'Kept West Fuel')?.over90)).toBe(2000);
    expect(Number(after.totals.total)).toBe(Number(before.totals.total) - 1000);
    // Paid in full, the store leaves the report and its count.
    expect((await inv.pay(invoices[0].id, { amountPaid: 20 })).statusCode).toBe(200);
    const gone = await agingPage(t.database.db, filterOf({}), AS_OF);
    expect(gone.totalRows).toBe(before.totalRows - 1);
    expect(gone.rows.map((r) => r.customer)).not.toContain('Kept West Fuel');
    expect(gone).toEqual(await agingPage(t.database.db, filterOf({}), AS_OF, { plain: true }));
  });
});
