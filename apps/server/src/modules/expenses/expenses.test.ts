import { describe, expect, it } from 'vitest';
import { csvDownload, expectExportRefusals, testApp } from '../../../test/helpers.js';
import { expectPagesAreTheList, expectSearchIsTheDefinition } from '../../../test/lists.js';

const t = testApp();

const add = (fields: Record<string, unknown>) =>
  t.call(
    'POST',
    '/api/expenses/insert/',
    { date: '2026-03-05', billerID: 2, expense: 'Fuel', category: 'Truck', amount: 10, ...fields },
    t.adminToken,
  );

describe('expenses', () => {
  it('numbers references EXP-000001, EXP-000002 …', async () => {
    const a = (await add({})).json().expense;
    const b = (await add({})).json().expense;
    expect(a.reference).toMatch(/^EXP-\d{6}$/);
    expect(Number(b.reference.slice(4))).toBe(Number(a.reference.slice(4)) + 1);
    expect(a).toMatchObject({ date: '2026-03-05', billerID: 2, biller: 'My Second Company', amount: 10 });
  });

  it('filters by month and year and sums every matching row, not only the page', async () => {
    await add({ date: '2025-07-01', amount: 19.99, expense: 'July rent' });
    await add({ date: '2025-07-15', amount: 0.01, expense: 'July stamps' });
    await add({ date: '2025-07-31', amount: 100.1, expense: 'July repair' });
    await add({ date: '2025-08-01', amount: 50, expense: 'August rent' });
    const res = await t.call('POST', '/api/expenses/all/', { month: 7, year: 2025, resultsPerPage: 2 }, t.adminToken);
    const body = res.json();
    expect(body.expenses).toHaveLength(2);
    expect(body.totalRows).toBe(3);
    expect(body.totals).toEqual({ amount: 120.1 });
    expect(body.expenses[0].date).toBe('2025-07-31');
  });

  it('keeps a month to its own days: Dec 31 vs Jan 1, Feb 29 of a leap year', async () => {
    const dates = ['2025-12-31', '2026-01-01', '2024-02-28', '2024-02-29', '2024-03-01', '2023-02-28', '2023-03-01'];
    for (const [i, date] of dates.entries()) await add({ date, amount: 2 ** i, expense: 'Boundary' });
    const found = async (filter: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/expenses/all/', { searchQuery: 'Boundary', ...filter }, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return [body.expenses.map((e: { date: string }) => e.date), body.totals.amount];
    };
    expect(await found({ month: 12, year: 2025 })).toEqual([['2025-12-31'], 1]);
    expect(await found({ month: 1, year: 2026 })).toEqual([['2026-01-01'], 2]);
    expect(await found({ month: 2, year: 2024 })).toEqual([['2024-02-29', '2024-02-28'], 12]);
    expect(await found({ month: 3, year: 2024 })).toEqual([['2024-03-01'], 16]);
    expect(await found({ month: 2, year: 2023 })).toEqual([['2023-02-28'], 32]);
    expect(await found({ year: 2025 })).toEqual([['2025-12-31'], 1]);
    // A month without a year is that month of every year; '' means any.
    expect(await found({ month: 2, year: '' })).toEqual([['2024-02-29', '2024-02-28', '2023-02-28'], 44]);
  });

  it("searches the reference, expense, category and the biller's name: the rows, count and sum of the definition", async () => {
    await add({ expense: 'Diesel', category: 'Truck', amount: 61.5 });
    await add({ billerID: 1, expense: 'Second hand shelving', category: 'Store', amount: 12.25 });
    await add({ expense: 'Rent', category: 'Company car', amount: 800 });
    await expectSearchIsTheDefinition(t, '/api/expenses/all/', 'expenses', {
      fields: ['reference', 'expense', 'category', 'biller'],
      money: 'amount',
      // The last four span two columns (expense, category): no row has them in one.
      texts: [
        'second',
        'COMPANY',
        'EXP-0',
        'diesel',
        'ck',
        'x',
        'nothing like this',
        'Diesel Truck',
        'dieseltruck',
        'Diesel\nTruck',
        'rent\ncompany',
      ],
    });
  });

  it("sorts by the biller's company as it is now: a renamed biller's expenses move with it", async () => {
    const made = await t.call(
      'POST',
      '/api/supplier/new/',
      { company: 'Aaa Sort Wholesale', name: 'Ann' },
      t.adminToken,
    );
    expect(made.statusCode, made.body).toBe(200);
    const biller = made.json().biller;
    expect((await add({ billerID: biller.id, expense: 'Sorted by biller' })).statusCode).toBe(200);
    const first = async (order: 'asc' | 'desc') =>
      (
        await t.call(
          'POST',
          '/api/expenses/all/',
          { sortingList: [{ column: 'biller', order }], resultsPerPage: 1 },
          t.adminToken,
        )
      ).json().expenses[0].biller;
    expect(await first('asc')).toBe('Aaa Sort Wholesale');
    const res = await t.call(
      'PATCH',
      '/api/supplier/update/',
      { ...biller, company: 'Zzz Sort Wholesale' },
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await first('desc')).toBe('Zzz Sort Wholesale');
    expect(await first('asc')).not.toBe('Zzz Sort Wholesale');
  });

  it('pages from either end in the order of the whole list, by default and by any sort', async () => {
    for (const filter of [
      {},
      { sortingList: [{ column: 'biller', order: 'asc' }] },
      { sortingList: [{ column: 'amount', order: 'desc' }] },
      { year: 2025 },
    ]) {
      await expectPagesAreTheList(t, '/api/expenses/all/', 'expenses', filter);
    }
  });

  it('changes and deletes an expense; 404 once gone', async () => {
    const e = (await add({ expense: 'Typo' })).json().expense;
    const upd = await t.call(
      'PATCH',
      '/api/expenses/update/',
      { id: e.id, date: '2026-03-06', billerID: 1, expense: 'Fixed', category: '', amount: 12.5 },
      t.adminToken,
    );
    expect(upd.json().expense).toMatchObject({ expense: 'Fixed', billerID: 1, amount: 12.5, reference: e.reference });
    await t.call('DELETE', `/api/expenses/delete/${e.id}/`, undefined, t.adminToken);
    const gone = await t.call('POST', `/api/expenses/${e.id}/`, undefined, t.adminToken);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("The expense doesn't exist");
  });

  it('validates amount, date and biller', async () => {
    expect((await add({ amount: -1 })).json().message).toBe('amount must be a number ≥ 0');
    expect((await add({ date: '2026-02-30' })).json().message).toBe('date must be a date (YYYY-MM-DD)');
    const res = await add({ billerID: 9999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The biller doesn't exist");
    expect((await t.call('POST', '/api/expenses/all/', { month: 13 }, t.adminToken)).statusCode).toBe(400);
  });

  it('exports every matching expense as CSV with the list filter and sort, money exact', async () => {
    await add({ date: '2024-09-01', amount: 0.1, expense: 'CSV, "one"', category: 'Line\nbreak' });
    await add({ date: '2024-09-02', amount: 1234567.89, expense: 'CSV two' });
    await add({ date: '2024-10-01', amount: 5, expense: 'CSV other month' });
    const rows = await csvDownload(
      t,
      '/api/expenses/export',
      { month: 9, year: 2024, sortingList: [{ column: 'amount', order: 'desc' }], currentPage: 3, resultsPerPage: 1 },
      'expenses',
    );
    // Paging is ignored: every matching row, in the list's sort.
    expect(rows).toEqual([
      ['Reference', 'Date', 'Biller', 'Expense', 'Category', 'Amount'],
      [expect.stringMatching(/^EXP-/), '2024-09-02', 'My Second Company', 'CSV two', 'Truck', '1234567.89'],
      [expect.stringMatching(/^EXP-/), '2024-09-01', 'My Second Company', 'CSV, "one"', 'Line\nbreak', '0.10'],
    ]);
  });

  it('export: 400 on an unknown sort column, 401 without a token', async () => {
    await expectExportRefusals(t, '/api/expenses/export', 'x');
  });
});
