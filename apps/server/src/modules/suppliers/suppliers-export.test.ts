import type { Supplier } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { created, csvDownload, expectExportRefusals, testApp } from '../../../test/helpers.js';

const t = testApp();

const HEADINGS = ['Supplier', 'Email', 'Phone', 'Address', 'ID'];

const createSupplier = (body: Record<string, unknown>) =>
  created<Supplier>(t, '/api/distributor/insert/', body, 'distributor');

const exportSuppliers = (body: unknown, token?: string) =>
  csvDownload(t, '/api/distributor/export', body, 'suppliers', token);

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

    const rows = await exportSuppliers({
      searchQuery: 'xport',
      sortingList: [{ column: 'company', order: 'desc' }],
      currentPage: 2,
      resultsPerPage: 1,
    });
    expect(rows).toEqual([
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
    const all = await exportSuppliers({});
    expect(all.slice(1).map((r) => Number(r[4]))).toEqual(list.distributors.map((d: Supplier) => d.id));
  });

  it('answers 400 for an unknown sort column, 401 without a token, and any user may export', async () => {
    await expectExportRefusals(t, '/api/distributor/export', 'createdAt');
    const clerk = await t.createUser(`clerk${Date.now()}`);
    expect((await exportSuppliers({}, clerk.token))[0]).toEqual(HEADINGS);
  });
});
