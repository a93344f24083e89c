import type { DistributorInvoice } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

/** distributor/invoices/export: the supplier invoice list as CSV (docs/export.md). */
const t = testApp();
const HEADINGS = ['Date', 'Supplier', 'Invoice No', 'Status', 'Purchase', 'Paid', 'Due', 'Date Paid', 'Note'];
type Filter = Record<string, unknown>;
let coreMark: number;
let eby: number;

const supplier = async (company: string) =>
  (await t.call('POST', '/api/distributor/insert/', { company }, t.adminToken)).json().distributor.id as number;

async function newInvoice(fields: Record<string, unknown>) {
  const res = await t.call(
    'POST',
    '/api/distributor/invoices/insert/',
    { date: '2026-10-01', distributorID: coreMark, invoiceNo: '100', amountPurchase: 10, note: '', ...fields },
    t.adminToken,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().distributorInvoice as DistributorInvoice;
}
const pay = async (invoiceID: number, amountPaid: number, date = '2026-10-05') =>
  expect(
    (
      await t.call(
        'POST',
        '/api/distributorPayment/insert/',
        { invoiceID, date, paymentType: 'cash', amountPaid },
        t.adminToken,
      )
    ).statusCode,
  ).toBe(200);

beforeAll(async () => {
  coreMark = await supplier('Core-Mark');
  eby = await supplier('Eby-Brown, "East"');
  const a = await newInvoice({
    invoiceNo: '5001',
    date: '2026-09-03',
    amountPurchase: 1234567.89,
    note: 'Big, "one"\nfor Q3',
  });
  await pay(a.id, 0.1);
  const b = await newInvoice({ invoiceNo: '5002', date: '2026-09-20', amountPurchase: 50 });
  await pay(b.id, 50, '2026-09-25');
  const c = await newInvoice({ invoiceNo: '5003', date: '2026-10-02', distributorID: eby, amountPurchase: 0.1 });
  await pay(c.id, 0.2);
  await newInvoice({ invoiceNo: '5004', date: '2026-10-02', distributorID: eby, amountPurchase: 75.5, note: 'weekly' });
  await newInvoice({ invoiceNo: '5005', date: '2025-10-02', amountPurchase: 12.34, note: 'weekly' });
});

async function exported(f: Filter) {
  const res = await t.call('POST', '/api/distributor/invoices/export/', f, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const [head, ...records] = parse(res.body) as string[][];
  expect(head).toEqual(HEADINGS);
  return records;
}

/** The list's rows over all its pages, two a page. */
async function everyPage(f: Filter) {
  const all: DistributorInvoice[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const res = await t.call(
      'POST',
      '/api/distributor/invoices/all/',
      { ...f, currentPage, resultsPerPage: 2 },
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    all.push(...res.json().distributorInvoices);
    if (currentPage >= res.json().numPages) return all;
  }
}

const asCsv = (i: DistributorInvoice) => [
  i.date,
  i.distributor,
  i.invoiceNo,
  i.status,
  i.amountPurchase.toFixed(2),
  i.amountPaid.toFixed(2),
  i.amountDue.toFixed(2),
  i.datePaid ?? '',
  i.note,
];

describe('supplier invoices: export CSV', () => {
  it("has the list's rows over all its pages for each filter, search and sort", async () => {
    const filters: Filter[] = [
      {},
      { distributor: eby },
      { status: 'PAID' },
      { status: 'All', distributor: '' },
      { month: 10, year: 2026 },
      { month: 10 },
      { startDate: '2026-09-20', endDate: '2026-10-02' },
      { searchQuery: 'weekly' },
      { searchQuery: 'EBY-brown' },
      { searchQuery: 'nothing like this' },
      { sortingList: [{ column: 'amountDue', order: 'desc' }] },
      { sortingList: [{ column: 'distributor', order: 'asc' }], year: 2026 },
    ];
    for (const f of filters) {
      expect({ f, rows: await exported(f) }).toEqual({ f, rows: (await everyPage(f)).map(asCsv) });
    }
    expect(await exported({ distributor: eby, sortingList: [{ column: 'amountPurchase', order: 'asc' }] })).toEqual([
      ['2026-10-02', 'Eby-Brown, "East"', '5003', 'REFUND', '0.10', '0.20', '-0.10', '', ''],
      ['2026-10-02', 'Eby-Brown, "East"', '5004', 'DUE', '75.50', '0.00', '75.50', '', 'weekly'],
    ]);
  });

  it('writes money exact and texts quoted, ignores paging; file name and type', async () => {
    const res = await t.call(
      'POST',
      '/api/distributor/invoices/export/',
      { month: 9, year: 2026, currentPage: 2, resultsPerPage: 1 },
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="supplier-invoices-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body).toContain('"Big, ""one""\nfor Q3"');
    expect(parse(res.body)).toEqual([
      HEADINGS,
      ['2026-09-20', 'Core-Mark', '5002', 'PAID', '50.00', '50.00', '0.00', '2026-09-25', ''],
      ['2026-09-03', 'Core-Mark', '5001', 'DUE', '1234567.89', '0.10', '1234567.79', '', 'Big, "one"\nfor Q3'],
    ]);
  });

  it('answers 400 for an unknown sort column, 401 without a session', async () => {
    const bad = await t.call(
      'POST',
      '/api/distributor/invoices/export/',
      { sortingList: [{ column: 'nope', order: 'asc' }] },
      t.adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/sortingList column/);
    expect((await t.call('POST', '/api/distributor/invoices/export/', {}, null)).statusCode).toBe(401);
  });
});
