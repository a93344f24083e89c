import type { SupplierInvoice } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  created,
  csvRecords,
  csvResponse,
  expectExportIsTheList,
  expectExportRefusals,
  testApp,
} from '../../../test/helpers.js';

/** distributor/invoices/export: the supplier invoice list as CSV (docs/export.md). */
const t = testApp();
const CSV = '/api/distributor/invoices/export/';
const HEADINGS = ['Date', 'Supplier', 'Invoice No', 'Status', 'Purchase', 'Paid', 'Due', 'Date Paid', 'Note'];
type Filter = Record<string, unknown>;
let coreMark: number;
let eby: number;

const supplier = async (company: string) =>
  (await created<{ id: number }>(t, '/api/distributor/insert/', { company }, 'distributor')).id;

const newInvoice = (fields: Record<string, unknown>) =>
  created<SupplierInvoice>(
    t,
    '/api/distributor/invoices/insert/',
    { date: '2026-10-01', distributorID: coreMark, invoiceNo: '100', amountPurchase: 10, note: '', ...fields },
    'distributorInvoice',
  );
const pay = (invoiceID: number, amountPaid: number, date = '2026-10-05') =>
  created(t, '/api/distributorPayment/insert/', { invoiceID, date, paymentType: 'cash', amountPaid }, 'payment');

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

const exported = (f: Filter) => csvRecords(t, CSV, f, 'supplier-invoices', HEADINGS);

const asCsv = (i: SupplierInvoice) => [
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
    await expectExportIsTheList(t, {
      list: '/api/distributor/invoices/all/',
      key: 'distributorInvoices',
      csv: CSV,
      fileName: 'supplier-invoices',
      headings: HEADINGS,
      filters,
      asCsv,
    });
    expect(await exported({ distributor: eby, sortingList: [{ column: 'amountPurchase', order: 'asc' }] })).toEqual([
      ['2026-10-02', 'Eby-Brown, "East"', '5003', 'REFUND', '0.10', '0.20', '-0.10', '', ''],
      ['2026-10-02', 'Eby-Brown, "East"', '5004', 'DUE', '75.50', '0.00', '75.50', '', 'weekly'],
    ]);
  });

  it('writes money exact and texts quoted, ignores paging; file name and type', async () => {
    const res = await csvResponse(
      t,
      CSV,
      { month: 9, year: 2026, currentPage: 2, resultsPerPage: 1 },
      'supplier-invoices',
    );
    expect(res.body).toContain('"Big, ""one""\nfor Q3"');
    expect(parse(res.body, { bom: true })).toEqual([
      HEADINGS,
      ['2026-09-20', 'Core-Mark', '5002', 'PAID', '50.00', '50.00', '0.00', '2026-09-25', ''],
      ['2026-09-03', 'Core-Mark', '5001', 'DUE', '1234567.89', '0.10', '1234567.79', '', 'Big, "one"\nfor Q3'],
    ]);
  });

  it('answers 400 for an unknown sort column, 401 without a session', async () => {
    await expectExportRefusals(t, CSV);
  });
});
