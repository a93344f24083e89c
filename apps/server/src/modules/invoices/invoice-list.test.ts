import { invoiceListFilter } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withFoldsHeld } from '../../../test/fold-held.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { foldRollups } from '../../db/rollups.js';
import { partOfAppNumber } from './invoice-list.repository.js';
import {
  createListInvoices,
  expected,
  type Filter,
  invoiceRows,
  type Row,
  SORT_KEYS,
} from './invoice-list-test-kit.js';
import { invoicesRepository } from './invoices.repository.js';

/**
 * invoice/all reads its footer from a daily roll-up and its searches from indexes
 * (invoice-list.repository.ts). Whatever was done to the invoices, its rows and figures are those of
 * the plain definition, recomputed here from the rows.
 */
const t = testApp();
const { setInvoice } = invoiceCalls(() => t);

async function list(f: Filter) {
  const res = await t.call('POST', '/api/invoice/all/', { resultsPerPage: 100, ...f }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.invoices.map((i: { id: number }) => i.id), totalRows: body.totalRows, totals: body.totals };
}

beforeAll(() => createListInvoices(t));

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
    // The month totals are the day totals, summed per month.
    const byMonth = await read(sql`select date_trunc('month', date)::date::text, biller_id, type, status, count(*) as n,
      sum(total) as t, sum(paid) as p, sum(discount_redeemed) as d, sum(amount_credited) as c, sum(balance) as b
      from invoices where status <> 'NEW' group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    const months = await read(sql`select month::text, biller_id, type, status, invoices, total, paid,
      discount_redeemed, amount_credited, balance from invoice_month_totals where invoices <> 0 order by 1, 2, 3, 4`);
    expect(byMonth.length).toBeGreaterThan(3);
    expect(months).toEqual(byMonth);
  });

  it.runIf(process.env.DB_KIND === 'postgres')(
    'counts the writes not folded yet, without folding (a fold held off by another transaction)',
    async () => {
      const all = await invoiceRows(t.database.db);
      const due = all.find((r) => r.status === 'DUE' && r.balance > 1) as Row;
      const pending = async () =>
        Number(
          (
            (await t.database.db.execute(sql`select count(*) as n from invoice_day_total_deltas`)) as unknown as {
              rows: { n: string }[];
            }
          ).rows[0].n,
        );
      await withFoldsHeld(t, async () => {
        const { pay } = invoiceCalls(() => t);
        expect((await pay(due.id, { amountPaid: 0.75 })).statusCode).toBe(200);
        expect(await pending()).toBeGreaterThan(0);
        const now = await invoiceRows(t.database.db);
        for (const f of [{}, { year: 2025 }, { status: 'DUE' }, { searchQuery: 'acme' }, { searchQuery: 'pai' }]) {
          expect({ f, ...(await list(f)) }).toEqual({ f, ...expected(now, f) });
        }
        expect(await pending()).toBeGreaterThan(0);
      });
    },
  );

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

  it('pages deep in every order, the pages past the middle read from the end', async () => {
    const all = await invoiceRows(t.database.db);
    const sorts = [
      [],
      [{ column: 'total', order: 'desc' }],
      [{ column: 'customer', order: 'asc' }],
      [{ column: 'customer', order: 'desc' }],
      [{ column: 'status', order: 'asc' }],
    ];
    for (const sortingList of sorts) {
      const whole = expected(all, { sortingList }).ids;
      for (const resultsPerPage of [2, 4]) {
        const numPages = Math.ceil(whole.length / resultsPerPage);
        const pages = [];
        for (let currentPage = 1; currentPage <= numPages; currentPage++) {
          const res = await t.call(
            'POST',
            '/api/invoice/all/',
            { currentPage, resultsPerPage, sortingList },
            t.adminToken,
          );
          pages.push(...res.json().invoices.map((i: { id: number }) => i.id));
          expect(res.json()).toMatchObject({ currentPage, numPages, totalRows: 6 });
        }
        expect({ sortingList, resultsPerPage, pages }).toEqual({ sortingList, resultsPerPage, pages: whole });
      }
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

describe('a search text that can be part of a number the app gives ("Invoice/" and digits)', () => {
  it('is a part of "Invoice/", digits, or an end of "Invoice/" and digits; nothing else, in any case', () => {
    for (const text of ['Invoice/1234', 'inv', 'VOICE/', '/', 'e/12', 'ice/9001', '900123', 'Invoice/', 'i'])
      expect(partOfAppNumber(text), text).toBe(true);
    for (const text of [
      'Pennzoil Antifreeze 1gal',
      'Corner M',
      'x-',
      'Inv/1',
      'voice 12',
      '12/',
      '1a',
      '%',
      'invoices',
    ])
      expect(partOfAppNumber(text), text).toBe(false);
  });
});
