import type { Distributor } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

const t = testApp();

const HEADINGS = ['Supplier', 'Email', 'Phone', 'Address', 'ID'];

async function createSupplier(body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/distributor/insert/', body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().distributor as Distributor;
}

const exportSuppliers = (body: unknown, token: string | null = t.adminToken) =>
  t.call('POST', '/api/distributor/export', body, token);

describe('distributor/export (suppliers)', () => {
  it('writes every matching supplier, the search and sort honoured, paging ignored', async () => {
    const full = await createSupplier({
      company: 'Xport, "Core" Mark',
      email: 'orders@core.example',
      phone: '800-555-0199',
      address: '395 Oyster Point Blvd\nSouth San Francisco',
    });
    const bare = await createSupplier({ company: 'Xport Bare Goods' });
    await createSupplier({ company: 'Other Goods' });

    const res = await exportSuppliers({
      searchQuery: 'xport',
      sortingList: [{ column: 'company', order: 'desc' }],
      currentPage: 2,
      resultsPerPage: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="suppliers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(parse(res.body)).toEqual([
      HEADINGS,
      [
        'Xport, "Core" Mark',
        'orders@core.example',
        '800-555-0199',
        '395 Oyster Point Blvd\nSouth San Francisco',
        String(full.id),
      ],
      ['Xport Bare Goods', '', '', '', String(bare.id)],
    ]);
    // The list's default order (company, then id) and every supplier without a search.
    const list = (await t.call('POST', '/api/distributor/all/', { resultsPerPage: 100 }, t.adminToken)).json();
    const all = parse((await exportSuppliers({})).body) as string[][];
    expect(all.slice(1).map((r) => Number(r[4]))).toEqual(list.distributors.map((d: Distributor) => d.id));
  });

  it('answers 400 for an unknown sort column, 401 without a token, and any user may export', async () => {
    const bad = await exportSuppliers({ sortingList: [{ column: 'createdAt', order: 'asc' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/sortingList column/);
    expect((await exportSuppliers({}, null)).statusCode).toBe(401);
    const clerk = await t.createUser(`clerk${Date.now()}`);
    const res = await exportSuppliers({}, clerk.token);
    expect(res.statusCode).toBe(200);
    expect((parse(res.body) as string[][])[0]).toEqual(HEADINGS);
  });
});
