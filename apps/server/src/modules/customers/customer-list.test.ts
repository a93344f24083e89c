import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

/** customer/all counts without the price-group join and pages from (company, id): the same answers. */
const t = testApp();

async function customerRows(where: ReturnType<typeof sql>) {
  const result = await t.database.db.execute(sql`select id from customers where ${where} order by company, id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

describe('customer/all', () => {
  it('counts, pages and searches live and deleted customers as the rows say', async () => {
    const made = [];
    for (const company of ['Zeta Listed', 'Alpha Listed', 'alpha listed', 'Mid Listed 50%', 'Alpha Listed']) {
      made.push((await t.call('POST', '/api/customer/new/', { company }, t.adminToken)).json().customer);
    }
    expect((await t.call('DELETE', `/api/customer/delete/${made[0].id}/`, undefined, t.adminToken)).statusCode).toBe(
      200,
    );
    const live = await customerRows(sql`deleted_at is null`);
    const deleted = await customerRows(sql`deleted_at is not null`);
    const listed = await customerRows(sql`deleted_at is null and company ilike '%listed 50\\%%'`);
    expect(deleted).toEqual([made[0].id]);
    expect(listed).toEqual([made[3].id]);

    const page = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', path, body, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await page('/api/customer/all/', { resultsPerPage: 2 });
    expect(first.totalRows).toBe(live.length);
    expect(first.numPages).toBe(Math.ceil(live.length / 2));
    expect(first.customers.map((c: { id: number }) => c.id)).toEqual(live.slice(0, 2));
    const last = await page('/api/customer/all/', { resultsPerPage: 2, currentPage: first.numPages });
    expect(last.customers.map((c: { id: number }) => c.id)).toEqual(live.slice((first.numPages - 1) * 2));
    expect(await page('/api/customer/all/', { searchQuery: 'LISTED 50%' })).toMatchObject({
      totalRows: 1,
      customers: [{ id: made[3].id, priceGroup: expect.any(String) }],
    });
    expect((await page('/api/customer/all/deleted/', {})).totalRows).toBe(1);
  });

  it('answers 400 for an unknown sort column and 401 without a session', async () => {
    const bad = { sortingList: [{ column: 'nope', order: 'asc' }] };
    expect((await t.call('POST', '/api/customer/all/', bad, t.adminToken)).statusCode).toBe(400);
    expect((await t.call('POST', '/api/customer/all/', {}, null)).statusCode).toBe(401);
  });
});
