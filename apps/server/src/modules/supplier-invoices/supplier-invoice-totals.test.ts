import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { rowsOf } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';

/**
 * The supplier invoice list's footer without a search comes from the totals kept per month,
 * supplier and status (migration 0073) and the days a period cuts. Here it is held, on the wire,
 * to the plain definition (every matching invoice counted and summed) for periods cut at either
 * end or both, across a year, a calendar month, one supplier and each status; after new
 * invoices, payments that settle or overpay them, edits that move an invoice to another day,
 * month or supplier or change its amount, and deletes; folded and not folded yet. The kept table
 * itself is held to a recomputation from the invoices.
 */
const t = testApp();
const call = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const suppliers: number[] = [];
const invoices: number[] = [];

const FILTERS: Record<string, unknown>[] = [
  {},
  { startDate: '2026-01-15' },
  { endDate: '2026-02-14' },
  { startDate: '2026-01-10', endDate: '2026-02-20' },
  { startDate: '2025-12-31', endDate: '2026-03-01' },
  { startDate: '2026-02-03', endDate: '2026-02-27' },
  { year: 2026 },
  { year: 2026, month: 2 },
  { month: 1 },
  { status: 'DUE' },
  { status: 'PAID', startDate: '2026-01-20' },
  { status: 'REFUND' },
  { status: 'All', startDate: '', endDate: '' },
  { sortingList: [{ column: 'amountDue', order: 'asc' }], currentPage: 2, resultsPerPage: 2 },
];

/** The plain footer: every invoice the filter matches, counted and summed (dollars). */
async function plainFooter(f: Record<string, unknown>, distributor?: number) {
  const conditions = [sql`true`];
  if (f.startDate) conditions.push(sql`date >= ${f.startDate}`);
  if (f.endDate) conditions.push(sql`date <= ${f.endDate}`);
  if (f.year) conditions.push(sql`extract(year from date) = ${f.year}`);
  if (f.month) conditions.push(sql`extract(month from date) = ${f.month}`);
  if (f.status && f.status !== 'All') conditions.push(sql`status = ${f.status}`);
  if (distributor) conditions.push(sql`distributor_id = ${distributor}`);
  const [row] = rowsOf<{ n: number; purchase: number; paid: number; due: number }>(
    await t.database.db.execute(sql`select count(*)::int as n, coalesce(sum(amount_purchase), 0)::int as purchase,
      coalesce(sum(amount_paid), 0)::int as paid, coalesce(sum(amount_due), 0)::int as due
      from distributor_invoices where ${sql.join(conditions, sql` and `)}`),
  );
  return {
    totalRows: row.n,
    totals: { amountPurchase: row.purchase / 100, amountPaid: row.paid / 100, amountDue: row.due / 100 },
  };
}

async function expectFootersAsPlain(step: string) {
  for (const f of FILTERS) {
    for (const distributor of [undefined, suppliers[1]]) {
      const body = { ...f, ...(distributor ? { distributor } : {}) };
      const answer = await call('POST', '/api/distributor/invoices/all/', body);
      const plain = await plainFooter(f, distributor);
      const label = `${step} ${JSON.stringify(body)}`;
      expect({ totalRows: answer.totalRows, totals: answer.totals }, label).toEqual(plain);
    }
  }
}

async function expectKeptAsRecomputed() {
  await foldRollups(t.database.db);
  const read = async (query: ReturnType<typeof sql>) => rowsOf(await t.database.db.execute(query));
  const kept = await read(sql`select month::text, distributor_id, status, invoices::int, purchase::int, paid::int,
      due::int from supplier_invoice_month_totals
    where invoices <> 0 or purchase <> 0 or paid <> 0 or due <> 0 order by 1, 2, 3`);
  const recomputed = await read(sql`select date_trunc('month', date)::date::text as month, distributor_id, status,
      count(*)::int as invoices, sum(amount_purchase)::int as purchase, sum(amount_paid)::int as paid,
      sum(amount_due)::int as due
    from distributor_invoices group by 1, 2, 3 order by 1, 2, 3`);
  expect(recomputed.length).toBeGreaterThan(3);
  expect(kept).toEqual(recomputed);
}

beforeAll(async () => {
  for (const company of ['Kept Foods', 'Kept Tobacco']) {
    suppliers.push((await call('POST', '/api/distributor/insert/', { company })).distributor.id);
  }
  const dates = ['2025-12-31', '2026-01-01', '2026-01-09', '2026-01-15', '2026-01-31', '2026-02-01', '2026-02-14'];
  for (let n = 0; n < 14; n++) {
    const made = await call('POST', '/api/distributor/invoices/insert/', {
      date: dates[n % dates.length],
      distributorID: suppliers[n % 2],
      invoiceNo: String(73000 + n),
      amountPurchase: 10 + n * 3.25,
      note: '',
    });
    invoices.push(made.distributorInvoice.id);
  }
  // Paid up, part paid and overpaid (REFUND).
  for (const [k, amountPaid] of [
    [0, 10],
    [1, 5],
    [2, 100],
    [5, 26.25],
  ] as const) {
    await call('POST', '/api/distributorPayment/insert/', {
      invoiceID: invoices[k],
      date: '2026-02-20',
      paymentType: 'cash',
      amountPaid,
    });
  }
});

describe('the supplier invoice list footer from the kept month totals', () => {
  it('equals the plain sums for every period, supplier and status', async () => {
    await expectFootersAsPlain('made');
    await expectKeptAsRecomputed();
  });

  it('follows edits that move an invoice to another day, month or supplier, new amounts and deletes', async () => {
    const read = async (id: number) =>
      (await call('POST', `/api/distributor/invoices/${id}/`)).distributorInvoice as Record<string, unknown>;
    const moved = await read(invoices[3]);
    await call('PATCH', '/api/distributor/invoices/update/', {
      ...moved,
      id: invoices[3],
      date: '2026-02-16',
      distributorID: suppliers[1],
      amountPurchase: 99.99,
    });
    const other = await read(invoices[6]);
    await call('PATCH', '/api/distributor/invoices/update/', { ...other, id: invoices[6], date: '2026-01-14' });
    await call('DELETE', `/api/distributor/invoices/delete/${invoices[9]}/`);
    // Not folded yet: the footer reads the deltas beside the totals.
    await expectFootersAsPlain('edited');
    await expectKeptAsRecomputed();
    await expectFootersAsPlain('folded');
  });
});
