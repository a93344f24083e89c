import { reportFilter } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withFoldsHeld } from '../../../test/fold-held.js';
import { testApp } from '../../../test/helpers.js';
import { rowsOf, type Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import type { Filter } from '../reports/report-sql.repository.js';
import { reportsRepository } from '../reports/reports.repository.js';
import { rollupReportsWithoutFold } from '../reports/reports-rollup.repository.js';

/**
 * The expenses kept per month and biller (migration 0076) serve the expense list's footer without
 * a search and the Biller Report's expenses. Both are held to their plain definition (every
 * matching expense counted and summed) for months, years, a calendar month, all history and
 * periods cut at either end, after expenses are added, moved to another day, month or biller,
 * changed in amount and deleted: folded and not folded yet. The kept table itself is held to a
 * recomputation from the expenses.
 */
const t = testApp();
const call = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const made: number[] = [];
const LIST_FILTERS: Record<string, unknown>[] = [
  {},
  { year: 2026 },
  { month: 1, year: 2026 },
  { month: 2 },
  { month: '', year: '' },
  { sortingList: [{ column: 'amount', order: 'asc' }], currentPage: 2, resultsPerPage: 2 },
];
const REPORT_PERIODS: Record<string, unknown>[] = [
  {},
  { startDate: '2026-01-15' },
  { endDate: '2026-02-14' },
  { startDate: '2026-01-10', endDate: '2026-02-20' },
  { startDate: '2026-02-03', endDate: '2026-02-27' },
  { year: 2026 },
  { month: 1 },
];

/** The list's footer by definition: every expense of the month and year, counted and summed (dollars). */
async function plainFooter(f: Record<string, unknown>) {
  const conditions = [sql`true`];
  if (f.year) conditions.push(sql`extract(year from date) = ${f.year}`);
  if (f.month) conditions.push(sql`extract(month from date) = ${f.month}`);
  const [row] = rowsOf<{ n: number; amount: number }>(
    await t.database.db.execute(sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as amount
      from expenses where ${sql.join(conditions, sql` and `)}`),
  );
  return { totalRows: row.n, totals: { amount: row.amount / 100 } };
}

async function expectAsPlain(step: string) {
  for (const f of LIST_FILTERS) {
    const answer = await call('POST', '/api/expenses/all/', f);
    expect({ totalRows: answer.totalRows, totals: answer.totals }, `${step} list ${JSON.stringify(f)}`).toEqual(
      await plainFooter(f),
    );
  }
  const db = t.database.db as unknown as Tx;
  for (const f of REPORT_PERIODS) {
    const filter = reportFilter.parse({ currentPage: 1, resultsPerPage: 100, ...f }) as Filter;
    const [plain, kept] = [
      await reportsRepository.biller(db, filter),
      await rollupReportsWithoutFold.biller(db, filter),
    ];
    expect(kept, `${step} Biller Report ${JSON.stringify(f)}`).toEqual(plain);
  }
}

async function expectKeptAsRecomputed() {
  await foldRollups(t.database.db);
  const read = async (query: ReturnType<typeof sql>) => rowsOf(await t.database.db.execute(query));
  const kept = await read(sql`select month::text, biller_id, expenses::int, amount::int from expense_month_totals
    where expenses <> 0 or amount <> 0 order by 1, 2`);
  const recomputed = await read(sql`select date_trunc('month', date)::date::text as month, biller_id,
      count(*)::int as expenses, sum(amount)::int as amount from expenses group by 1, 2 order by 1, 2`);
  expect(recomputed.length).toBeGreaterThan(3);
  expect(kept).toEqual(recomputed);
}

beforeAll(async () => {
  const dates = ['2025-12-31', '2026-01-01', '2026-01-09', '2026-01-15', '2026-01-31', '2026-02-01', '2026-02-14'];
  for (let n = 0; n < 14; n++) {
    const body = { date: dates[n % dates.length], billerID: 1 + (n % 2), expense: `Kept ${n}`, amount: 5 + n * 1.25 };
    made.push((await call('POST', '/api/expenses/insert/', { category: 'Truck', ...body })).expense.id);
  }
});

describe('the expenses kept per month and biller', () => {
  it('give the list footer and the Biller Report their plain figures for every period', async () => {
    await expectAsPlain('made');
    await expectKeptAsRecomputed();
  });

  it('follow an expense moved to another day, month or biller, a new amount and a delete', async () => {
    const edit = async (id: number, fields: Record<string, unknown>) => {
      const { expense } = await call('POST', `/api/expenses/${id}/`);
      await call('PATCH', '/api/expenses/update/', { ...expense, id, ...fields });
    };
    await edit(made[3], { date: '2026-02-16', billerID: 2, amount: 99.99 });
    await edit(made[6], { date: '2026-01-14' });
    await edit(made[8], { amount: 0.01 });
    await call('DELETE', `/api/expenses/delete/${made[9]}/`);
    // Not folded yet: the readers read the deltas beside the totals.
    await expectAsPlain('edited');
    await expectKeptAsRecomputed();
    await expectAsPlain('folded');
  });

  it.runIf(process.env.DB_KIND === 'postgres')(
    'counts expenses written while a fold is held off, where a period takes days off a month read whole',
    async () => {
      const db = t.database.db;
      await withFoldsHeld(t, async () => {
        await call('POST', '/api/expenses/insert/', { date: '2026-01-03', billerID: 1, expense: 'Held', amount: 7 });
        const [{ n }] = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from expense_month_total_deltas`),
        );
        expect(n).toBeGreaterThan(0);
        await expectAsPlain('held');
      });
      await expectKeptAsRecomputed();
    },
  );
});
