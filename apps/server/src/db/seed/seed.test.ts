import { computeInvoiceTotals } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { invoiceParts, storedTotals } from '../../modules/ledger/invoice-totals.js';
import type { Db } from '../client.js';
import { invoices } from '../schema/index.js';
import { INVOICES_PER_SCALE, seedDemoData } from './index.js';

const TODAY = '2026-03-14';
const TABLES = [
  'products',
  'price_group_items',
  'customers',
  'expenses',
  'invoices',
  'invoice_items',
  'payments',
  'distributor_invoices',
  'distributor_payments',
];

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  (await db.execute(query)) as unknown as { rows: T[] };

/** One md5 per table over every row but its timestamps, in id order. */
async function checksums(db: Db) {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const { rows } = await rowsOf<{ sum: string }>(
      db,
      sql`select md5(coalesce(string_agg((to_jsonb(t) - 'created_at' - 'updated_at')::text, '|' order by t.id), '')) as sum from ${sql.raw(table)} t`,
    );
    out[table] = rows[0].sum;
  }
  return out;
}

describe('demo data at a benchmark scale (--invoices 500)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(), createTestApp()]);
    const options = { seed: 7, scale: 500 / INVOICES_PER_SCALE, today: TODAY };
    await seedDemoData(a.database.db, options);
    await seedDemoData(b.database.db, options);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('stores every invoice total as the contracts rule recomputes it from its lines and payments', async () => {
    const db = a.database.db;
    const heads = await db.select().from(invoices).orderBy(invoices.id);
    expect(heads).toHaveLength(500);
    let lines = 0;
    for (const head of heads) {
      const parts = await invoiceParts(db, head.id);
      lines += parts.lines.length;
      const t = computeInvoiceTotals(parts.lines, parts.payments, {
        discountRedeemed: head.headerDiscount,
        awardPointsRedeemed: head.headerAwardPoints,
      });
      expect({ id: head.id, ...storedTotals(t) }).toEqual({
        id: head.id,
        total: head.total,
        amountCredited: head.amountCredited,
        paid: head.paid,
        discountRedeemed: head.discountRedeemed,
        awardPointsRedeemed: head.awardPointsRedeemed,
        balance: head.balance,
        totalSuggested: head.totalSuggested,
        suggestedCredited: head.suggestedCredited,
      });
      if (head.status !== 'NEW') expect(head.status).toBe(t.balance > 0 ? 'DUE' : t.balance < 0 ? 'REFUND' : 'PAID');
    }
    // 4–18 lines an invoice: about 11 on average.
    expect(lines / heads.length).toBeGreaterThan(9);
    expect(lines / heads.length).toBeLessThan(13);
  });

  it('gives the same data for the same seed', async () => {
    const [first, second] = await Promise.all([checksums(a.database.db), checksums(b.database.db)]);
    expect(Object.keys(first)).toHaveLength(TABLES.length);
    expect(second).toEqual(first);
  });

  it('spreads customers, payments, returns, consignment and drafts as a distributor has them', async () => {
    const { rows } = await rowsOf<Record<string, number>>(
      a.database.db,
      sql`select
        (select count(*)::int from customers) as customers,
        (select count(*)::int from invoices where type = 'consignment') as consignment,
        (select count(*)::int from invoices where status = 'NEW') as drafts,
        (select count(*)::int from invoice_items where quantity < 0) as returns,
        (select count(*)::int from invoice_items where damaged_good) as damaged,
        (select count(*)::int from payments) as payments,
        (select count(*)::int from distributor_invoices) as supplier,
        (select count(*)::int from expenses) as expenses,
        (select min(date)::text from invoices) as first`,
    );
    const r = rows[0];
    expect(r.customers).toBe(Math.round((40 * 500) / INVOICES_PER_SCALE));
    expect(r.consignment).toBeGreaterThan(30);
    expect(r.drafts).toBeGreaterThan(0);
    expect(r.damaged).toBeGreaterThan(0);
    expect(r.returns).toBeGreaterThan(r.damaged);
    expect(r.payments).toBeGreaterThan(300);
    expect(r.supplier).toBe(100);
    expect(r.expenses).toBeGreaterThan(0);
    expect(String(r.first) >= '2025-03-10').toBe(true);
  });

  it('advances the sequences past the seeded numbers', async () => {
    const { rows } = await rowsOf<{ no: string; pay: string; id: number }>(
      a.database.db,
      sql`select nextval('invoice_no_seq')::text as no, nextval('payment_reference_seq')::text as pay,
        nextval('invoices_id_seq')::int as id`,
    );
    const { rows: max } = await rowsOf<{ pays: number }>(
      a.database.db,
      sql`select count(*)::int as pays from payments`,
    );
    expect(rows[0]).toEqual({ no: '501', pay: String(max[0].pays + 1), id: 501 });
  });

  it('lists the seeded invoices through the API; unauthenticated gets 401', async () => {
    const res = await a.call('POST', '/api/invoice/all/', { resultsPerPage: 5 }, a.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().invoices).toHaveLength(5);
    expect((await a.call('POST', '/api/invoice/all/', {})).statusCode).toBe(401);
  });
});
