import { type Invoice, invoiceListFilter } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
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
import { foldRollups } from '../../db/rollups.js';
import { expected, type Filter, invoiceRows, type Row, SORT_KEYS } from './invoice-list-test-kit.js';
import { invoicesRepository } from './invoices.repository.js';

/**
 * invoice/all reads its footer from a daily roll-up and its searches from indexes
 * (invoice-list.repository.ts). Whatever was done to the invoices, its rows and figures are those of
 * the plain definition, recomputed here from the rows.
 */
const t = testApp();
const { newInvoice, addLine, setInvoice, pay } = invoiceCalls(() => t);

async function list(f: Filter) {
  const res = await t.call('POST', '/api/invoice/all/', { resultsPerPage: 100, ...f }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.invoices.map((i: { id: number }) => i.id), totalRows: body.totalRows, totals: body.totals };
}

beforeAll(async () => {
  const acme = (await t.call('POST', '/api/customer/new/', { company: 'Acme Listed Foods' }, t.adminToken)).json()
    .customer;
  const bolt = (await t.call('POST', '/api/customer/new/', { company: 'Bolt Corner 50%' }, t.adminToken)).json()
    .customer;
  const cola = await createProduct(t, { sellingPrice: 2.5 });
  const chips = await createProduct(t, { sellingPrice: 1.75 });
  const plan = [
    { date: '2024-02-15', customerID: acme.id, lines: [cola, chips], submit: true, pay: 1.25 },
    { date: '2025-01-31', customerID: bolt.id, lines: [cola, cola], submit: true, pay: 1 },
    { date: '2025-02-01', customerID: acme.id, lines: [chips], submit: false, transferBiller: true },
    { date: '2025-02-28', customerID: 0, lines: [cola], submit: true, type: 'consignment' },
    { date: '2025-03-01', customerID: bolt.id, lines: [chips, chips, cola], submit: true, transferBiller: true },
    { date: '2026-11-20', customerID: acme.id, lines: [cola], submit: true, pay: 5 },
    { date: '2026-11-20', customerID: bolt.id, lines: [cola], submit: false, remove: true },
  ];
  for (const p of plan) {
    const inv = await newInvoice(p.type ?? 'invoice');
    await setInvoice(inv.id, { date: p.date, customerID: p.customerID });
    const lines = [];
    for (const product of p.lines) lines.push(await addLine(inv.id, product.id));
    if (lines.length > 1) {
      await t.call('DELETE', `/api/invoice/delete/item/${lines[0].id}/`, undefined, t.adminToken);
    }
    if (p.transferBiller) await setInvoice(inv.id, { transferBiller: true });
    if (p.submit) await setInvoice(inv.id, { status: 'DUE', discountRedeemed: 0.5 });
    if (p.pay) expect((await pay(inv.id, { amountPaid: p.pay })).statusCode).toBe(200);
    if (p.remove) await t.call('DELETE', `/api/invoice/delete/${inv.id}/`, undefined, t.adminToken);
  }
});

describe('invoice/all at scale: the same rows and figures as the plain query', () => {
  it('keeps the daily roll-up equal to the submitted (not NEW) invoices, grouped', async () => {
    const read = async (q: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
        JSON.stringify(Object.values(r).map(String)),
      );
    await foldRollups(t.database.db);
    const fromRows = await read(sql`select date::text, biller_id, type, status, count(*) as n, sum(total) as t,
      sum(paid) as p, sum(discount_redeemed) as d, sum(amount_credited) as c, sum(balance) as b from invoices
      where status <> 'NEW' group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    const rolled = await read(sql`select date::text, biller_id, type, status, invoices, total, paid,
      discount_redeemed, amount_credited, balance from invoice_day_totals where invoices <> 0 order by 1, 2, 3, 4`);
    expect(fromRows.length).toBeGreaterThan(3);
    expect(rolled).toEqual(fromRows);
  });

  it('answers every filter, search and sort as the definition does', async () => {
    const all = await invoiceRows(t.database.db);
    expect(all).toHaveLength(6);
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(['NEW', 'DUE', 'PAID', 'REFUND']));
    const biller2 = all.find((r) => r.biller_id === 2)?.biller as string;
    const filters: Filter[] = [
      {},
      { startDate: '2025-01-31' },
      { startDate: '2025-02-01', endDate: '2025-02-28' },
      { month: 2, year: 2025 },
      { month: 2 },
      { year: 2025 },
      { biller: 2 },
      { type: 'consignment' },
      { status: 'DUE' },
      { sortingList: [{ column: 'total', order: 'desc' }] },
      { sortingList: [{ column: 'total', order: 'desc' }], year: 2025 },
      { searchQuery: 'acme' },
      { searchQuery: ' BOLT corner 50% ' },
      { searchQuery: '50%x' },
      { searchQuery: all[2].invoice_no },
      { searchQuery: biller2.slice(0, 6).toUpperCase() },
      { searchQuery: 'pai' },
      { searchQuery: 'ne', startDate: '2025-01-01' },
      { searchQuery: 'acme', status: 'PAID' },
      { searchQuery: 'nothing like this' },
    ];
    for (const f of filters) {
      expect({ f, ...(await list(f)) }).toEqual({ f, ...expected(all, f) });
    }
  });

  it('sorts by every column both ways: ties by date and number in the same direction', async () => {
    const all = await invoiceRows(t.database.db);
    for (const column of Object.keys(SORT_KEYS)) {
      for (const order of ['asc', 'desc']) {
        for (const f of [{ sortingList: [{ column, order }] }, { sortingList: [{ column, order }], status: 'DUE' }]) {
          expect({ f, ...(await list(f)) }).toEqual({ f, ...expected(all, f) });
        }
      }
    }
  });

  it("sorts by a customer's or a biller's company as it is now: after a rename, and after a draft's change of customer", async () => {
    const byCustomer = { sortingList: [{ column: 'customer', order: 'asc' }] };
    const byBiller = { sortingList: [{ column: 'biller', order: 'desc' }] };
    const all = await invoiceRows(t.database.db);
    const customerOf = async (id: number): Promise<number> =>
      (await t.call('POST', `/api/invoice/summary/${id}/`, undefined, t.adminToken)).json().invoiceSummary.customerID;
    const bolt = all.find((r) => r.customer === 'Bolt Corner 50%') as Row;
    const boltId = await customerOf(bolt.id);
    const rename = async (path: string, key: string, id: number, company: string) => {
      const record = (await t.call('POST', `/api/${path}/${id}/`, undefined, t.adminToken)).json()[key];
      const res = await t.call('PATCH', `/api/${path}/update/`, { ...record, company }, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
    };
    const draft = all.find((r) => r.status === 'NEW') as Row;
    const draftCustomer = await customerOf(draft.id);
    expect(draftCustomer).not.toBe(boltId);
    try {
      await rename('customer', 'customer', boltId, 'Aardvark Bolt');
      await rename('supplier', 'biller', bolt.biller_id, 'Zebra Billing');
      await setInvoice(draft.id, { customerID: boltId });
      const now = await invoiceRows(t.database.db);
      expect(now.find((r) => r.id === draft.id)?.customer).toBe('Aardvark Bolt');
      expect((await list(byCustomer)).ids).toEqual(expected(now, byCustomer).ids);
      expect((await list(byCustomer)).ids.slice(0, 3)).toContain(draft.id);
      expect((await list(byBiller)).ids).toEqual(expected(now, byBiller).ids);
    } finally {
      await setInvoice(draft.id, { customerID: draftCustomer });
      await rename('customer', 'customer', boltId, 'Bolt Corner 50%');
      await rename('supplier', 'biller', bolt.biller_id, bolt.biller);
    }
    expect((await list(byCustomer)).ids).toEqual(expected(await invoiceRows(t.database.db), byCustomer).ids);
  });

  it('finds the same rows and figures when the invoice numbers matching are many (walked, not read by id)', async () => {
    const all = await invoiceRows(t.database.db);
    const searches = ['Inv', 'invoice/', all[2].invoice_no, 'acme', 'pai', 'ne', 'nothing like this'];
    for (const searchQuery of searches) {
      for (const extra of [{}, { status: 'DUE' }, { sortingList: [{ column: 'customer', order: 'asc' }] }]) {
        const filter = invoiceListFilter.parse({ searchQuery, resultsPerPage: 100, ...extra });
        const read = await invoicesRepository.list(t.database.db, filter);
        const walked = await invoicesRepository.list(t.database.db, filter, 0);
        const f = { searchQuery, ...extra };
        expect({ f, ...walked, rows: walked.rows.map((r) => r.id) }).toEqual({
          f,
          ...read,
          rows: read.rows.map((r) => r.id),
        });
      }
    }
    // A part of "Invoice/" matches every invoice; not one numbered otherwise (an import, say).
    for (const f of [{ searchQuery: 'Inv' }, { searchQuery: 'VOICE/', status: 'DUE' }, { searchQuery: '/' }]) {
      expect({ f, ...(await list(f)) }).toEqual({ f, ...expected(all, f) });
    }
    expect((await list({ searchQuery: 'Inv' })).totalRows).toBe(6);
    const other = all[1];
    await t.database.db.execute(sql`update invoices set invoice_no = ${`X-${other.id}`} where id = ${other.id}`);
    try {
      const now = await invoiceRows(t.database.db);
      for (const f of [{ searchQuery: 'Inv' }, { searchQuery: '/' }, { searchQuery: 'x-' }]) {
        expect({ f, ...(await list(f)) }).toEqual({ f, ...expected(now, f) });
      }
      expect((await list({ searchQuery: 'Inv' })).ids).not.toContain(other.id);
      // A number ending in digits is looked up by them, then checked whole.
      await t.database.db.execute(sql`update invoices set invoice_no = 'Invoice/900123' where id = ${other.id}`);
      const renumbered = await invoiceRows(t.database.db);
      for (const searchQuery of ['Invoice/900123', 'ice/9001', '900123', 'x/900123', 'Invoice/9001234', '/900']) {
        const f = { searchQuery };
        expect({ f, ...(await list(f)) }).toEqual({ f, ...expected(renumbered, f) });
      }
      expect((await list({ searchQuery: 'oice/900123' })).ids).toEqual([other.id]);
    } finally {
      await t.database.db.execute(sql`update invoices set invoice_no = ${other.invoice_no} where id = ${other.id}`);
    }
  });

  it('pages deep in the default order and by total', async () => {
    const all = await invoiceRows(t.database.db);
    for (const sortingList of [[], [{ column: 'total', order: 'desc' }]]) {
      const whole = expected(all, { sortingList }).ids;
      const pages = [];
      for (const currentPage of [1, 2, 3]) {
        const res = await t.call(
          'POST',
          '/api/invoice/all/',
          { currentPage, resultsPerPage: 2, sortingList },
          t.adminToken,
        );
        pages.push(...res.json().invoices.map((i: { id: number }) => i.id));
        expect(res.json()).toMatchObject({ currentPage, numPages: 3, totalRows: 6 });
      }
      expect(pages).toEqual(whole);
    }
  });

  it('answers 400 for an unknown sort column and 401 without a session', async () => {
    const bad = await t.call(
      'POST',
      '/api/invoice/all/',
      { sortingList: [{ column: 'nope', order: 'asc' }] },
      t.adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect((await t.call('POST', '/api/invoice/all/', {}, null)).statusCode).toBe(401);
  });
});

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
