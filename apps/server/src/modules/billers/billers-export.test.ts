import type { Biller } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

const t = testApp();

const HEADINGS = ['ID', 'Company', 'Contact', 'City', 'Phone', 'Email', 'Address', 'State', 'Postal Code', 'Country'];

async function createBiller(body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/supplier/new/', body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().biller as Biller;
}

const exportBillers = (body: unknown, token: string | null = t.adminToken) =>
  t.call('POST', '/api/supplier/export', body, token);

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

    const res = await exportBillers({
      searchQuery: 'XPORT',
      sortingList: [{ column: 'city', order: 'asc' }],
      currentPage: 2,
      resultsPerPage: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="billers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(parse(res.body)).toEqual([
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
    const all = parse((await exportBillers({})).body) as string[][];
    expect(all.slice(1).map((r) => Number(r[0]))).toEqual(list.billers.map((b: Biller) => b.id));
    expect(all.slice(1).map((r) => Number(r[0]))).not.toContain(gone.id);
  });

  it('answers 400 for an unknown sort column, 401 without a token, and any user may export', async () => {
    const bad = await exportBillers({ sortingList: [{ column: 'logoFileId', order: 'asc' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/sortingList column/);
    expect((await exportBillers({}, null)).statusCode).toBe(401);
    const clerk = await t.createUser(`clerk${Date.now()}`);
    const res = await exportBillers({}, clerk.token);
    expect(res.statusCode).toBe(200);
    expect((parse(res.body) as string[][])[0]).toEqual(HEADINGS);
  });
});
