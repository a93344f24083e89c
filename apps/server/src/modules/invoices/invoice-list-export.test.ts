import type { Invoice } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import {
  csvRecords,
  csvResponse,
  expectExportIsTheList,
  expectExportRefusals,
  testApp,
} from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { createListInvoices, type Filter, invoiceRows, type Row } from './invoice-list-test-kit.js';

/** invoice/export writes the list as CSV: the same rows in the same order, whatever the filter. */
const t = testApp();
const { newInvoice, addLine, setInvoice, pay } = invoiceCalls(() => t);

beforeAll(() => createListInvoices(t));

describe('invoice/export: the list as CSV', () => {
  const HEADINGS = [
    'Invoice No',
    'Date',
    'Customer',
    'Biller',
    'Invoice Type',
    'Status',
    'Consignment Status',
    'Total',
    'Paid',
    'Discount',
    'Credit',
    'Balance',
    'Award Points Redeemed',
    'Remarks',
    'Notes',
  ];

  const CSV = '/api/invoice/export/';
  const exported = (f: Filter) => csvRecords(t, CSV, f, 'invoices', HEADINGS);

  const money = (dollars: number) => dollars.toFixed(2);
  const type = (v: string) => (v === 'invoice' ? 'Invoice' : 'Consignment');
  /** A list row as the CSV writes it. */
  const asCsv = (i: Invoice) => [
    i.invoiceNo,
    i.date,
    i.customer,
    i.biller,
    type(i.type),
    i.status,
    i.consignmentStatus ?? '',
    money(i.total),
    money(i.paid),
    money(i.discountRedeemed),
    money(i.amountCredited),
    money(i.balance),
    money(i.awardPointsRedeemed),
    i.remarks,
    i.notes,
  ];

  it("has the list's rows over all its pages for every filter, search and sort, cell for cell", async () => {
    const all = await invoiceRows(t.database.db);
    const acme = all.find((r) => r.customer === 'Acme Listed Foods') as Row;
    const customer = (await t.call('POST', `/api/invoice/summary/${acme.id}/`, undefined, t.adminToken)).json()
      .invoiceSummary.customerID;
    const filters: Filter[] = [
      {},
      { startDate: '2025-01-31' },
      { month: 2, year: 2025 },
      { month: 2 },
      { biller: 2 },
      { type: 'consignment' },
      { status: 'DUE' },
      { status: 'All', type: 'All', biller: '' },
      { customer },
      { customer, status: 'PAID' },
      { sortingList: [{ column: 'total', order: 'desc' }], year: 2025 },
      { sortingList: [{ column: 'customer', order: 'asc' }] },
      {
        sortingList: [
          { column: 'biller', order: 'desc' },
          { column: 'paid', order: 'asc' },
        ],
      },
      { searchQuery: 'acme' },
      { searchQuery: ' BOLT corner 50% ' },
      { searchQuery: all[2].invoice_no },
      { searchQuery: 'pai' },
      { searchQuery: 'ne', startDate: '2025-01-01' },
      { searchQuery: 'nothing like this' },
    ];
    // The list read over all its pages, two a page (the page and aggregate fast paths included).
    await expectExportIsTheList(t, {
      list: '/api/invoice/all/',
      key: 'invoices',
      csv: CSV,
      fileName: 'invoices',
      headings: HEADINGS,
      filters,
      asCsv,
    });
    // The filters do filter: the whole list has more rows than one month of it.
    expect((await exported({})).length).toBe(6);
    expect((await exported({ month: 2, year: 2025 })).length).toBe(2);
  });

  it('writes money exact, texts quoted, ignores paging; file name and type', async () => {
    const big = await createProduct(t, { sellingPrice: 1234567.89 });
    const inv = await newInvoice();
    await setInvoice(inv.id, { date: '2023-06-30', remarks: 'Back door, "ring"\nthen wait' });
    await addLine(inv.id, big.id);
    await setInvoice(inv.id, { status: 'DUE' });
    expect((await pay(inv.id, { amountPaid: 0.1 })).statusCode).toBe(200);
    const res = await csvResponse(
      t,
      CSV,
      { startDate: '2023-06-01', endDate: '2023-06-30', currentPage: 2, resultsPerPage: 1 },
      'invoices',
    );
    expect(res.body).toContain('"Back door, ""ring""\nthen wait"');
    expect(parse(res.body, { bom: true })).toEqual([
      HEADINGS,
      [
        inv.invoiceNo,
        '2023-06-30',
        'Walk-in customer',
        expect.any(String),
        'Invoice',
        'DUE',
        '',
        '1234567.89',
        '0.10',
        '0.00',
        '0.00',
        '1234567.79',
        '0.00',
        'Back door, "ring"\nthen wait',
        '',
      ],
    ]);
  });

  it('answers 400 for an unknown sort column or filter, 401 without a session', async () => {
    await expectExportRefusals(t, CSV);
    expect((await t.call('POST', CSV, { status: 'LOST' }, t.adminToken)).statusCode).toBe(400);
  });
});
