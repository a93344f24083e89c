import type { Biller } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { created, csvDownload, expectExportRefusals, testApp } from '../../../test/helpers.js';

const t = testApp();

const HEADINGS = ['ID', 'Company', 'Contact', 'City', 'Phone', 'Email', 'Address', 'State', 'Postal Code', 'Country'];

const createBiller = (body: Record<string, unknown>) => created<Biller>(t, '/api/supplier/new/', body, 'biller');

const exportBillers = (body: unknown, token?: string) => csvDownload(t, '/api/supplier/export', body, 'billers', token);

describe('supplier/export (billers)', () => {
  it('writes every matching active biller with its address, the search and sort honoured, paging ignored', async () => {
    const full = await createBiller({
      company: 'Xport, "Full" Distribution',
      name: 'Ann Lee',
      address: '1 Main St\nSuite 2',
      city: 'Dallas',
      state: 'TX',
      postalCode: '75201',
      country: 'USA',
      phone: '(214) 555-0100',
      email: 'ann@full.example',
    });
    const bare = await createBiller({ company: 'Xport Bare', city: 'Austin' });
    const gone = await createBiller({ company: 'Xport Gone' });
    await createBiller({ company: 'Other Biller' });
    expect((await t.call('DELETE', `/api/supplier/delete/${gone.id}/`, undefined, t.adminToken)).statusCode).toBe(200);

    const rows = await exportBillers({
      searchQuery: 'XPORT',
      sortingList: [{ column: 'city', order: 'asc' }],
      currentPage: 2,
      resultsPerPage: 1,
    });
    expect(rows).toEqual([
      HEADINGS,
      [String(bare.id), 'Xport Bare', '', 'Austin', '', '', '', '', '', ''],
      [
        String(full.id),
        'Xport, "Full" Distribution',
        'Ann Lee',
        'Dallas',
        '(214) 555-0100',
        'ann@full.example',
        '1 Main St\nSuite 2',
        'TX',
        '75201',
        'USA',
      ],
    ]);
    // The list's default order is by id; every active biller without a search, the deleted one left out.
    const list = (await t.call('POST', '/api/supplier/all/', { resultsPerPage: 100 }, t.adminToken)).json();
    const all = await exportBillers({});
    expect(all.slice(1).map((r) => Number(r[0]))).toEqual(list.billers.map((b: Biller) => b.id));
    expect(all.slice(1).map((r) => Number(r[0]))).not.toContain(gone.id);
  });

  it('answers 400 for an unknown sort column, 401 without a token, and any user may export', async () => {
    await expectExportRefusals(t, '/api/supplier/export', 'logoFileId');
    const clerk = await t.createUser(`clerk${Date.now()}`);
    expect((await exportBillers({}, clerk.token))[0]).toEqual(HEADINGS);
  });
});
