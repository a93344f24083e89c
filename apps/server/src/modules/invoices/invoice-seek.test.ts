import { invoiceListFilter, recentInvoicesFilter } from '@wd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import type { Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import { Random } from '../../db/seed/random.js';
import { dashboardRepository } from '../dashboard/dashboard.repository.js';
import { expected, invoiceRows } from './invoice-list-test-kit.js';
import { type SeekScope, seekInvoiceDay } from './invoice-seek.repository.js';
import { invoicesRepository } from './invoices.repository.js';

/**
 * Deep pages in date order found through the day and month totals (invoice-seek.repository.ts):
 * where the seek says the invoice at each offset lies (its day, and how many of that day come
 * before it) is held to the invoices themselves in that order; and every page of the invoice list
 * and the dashboard's invoices, each one sought, is the page of the plain definition. Invoices on
 * and around month edges, of two billers and both types, drafts among them, and writes committed
 * after the last fold (deltas pending) among what is counted.
 */
// No fold in the background: the writes after the last fold must stay pending deltas.
const t = testApp({ foldEveryMs: 0 });
const db = () => t.database.db as unknown as Tx;
const rows = async <T>(query: SQL) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const rnd = new Random(74);

const DATES = ['2025-10-31', '2025-11-01', '2025-11-14', '2025-11-15', '2025-11-30', '2025-12-01', '2026-01-10'];
const STATUSES = ['DUE', 'DUE', 'PAID', 'REFUND', 'NEW'];
let billers: number[] = [];

async function insertInvoices(prefix: string, n: number) {
  const values = Array.from({ length: n }, (_, k) => {
    return sql`(${`${prefix}/${k}`}, ${rnd.pick(DATES)}, ${rnd.pick(billers)}, ${rnd.pick(['invoice', 'consignment'])},
      ${rnd.pick(STATUSES)}, ${rnd.int(1, 9000)})`;
  });
  await db().execute(sql`insert into invoices (invoice_no, date, biller_id, type, status, total)
    values ${sql.join(values, sql`, `)}`);
}

beforeAll(async () => {
  const [{ id }] = await rows<{ id: number }>(sql`insert into billers (company) values ('Seek Second') returning id`);
  billers = [1, id];
  await insertInvoices('SK', 90);
  // Folded, then written again: the later invoices and changes stay deltas until a reader folds.
  await foldRollups(db());
  await insertInvoices('SK2', 30);
  await db().execute(
    sql`update invoices set status = 'PAID' where invoice_no like 'SK/%' and id % 4 = 0 and status = 'DUE'`,
  );
  await db().execute(sql`update invoices set date = '2025-11-16' where invoice_no like 'SK/%' and id % 9 = 0`);
  await db().execute(sql`delete from invoices where invoice_no like 'SK/%' and id % 11 = 0`);
}, 60_000);

interface Plain {
  id: number;
  date: string;
  biller_id: number;
  type: string;
  status: string;
}

/** The scope's invoices in date order (ties by id), newest first when `descending`. */
async function ordered(scope: SeekScope, descending: boolean): Promise<Plain[]> {
  const all = await rows<Plain>(sql`select id, date::text as date, biller_id, type, status from invoices`);
  const { startDate, endDate, year } = scope.period;
  const matching = all.filter(
    (r) =>
      (scope.withNew || r.status !== 'NEW') &&
      (!startDate || r.date >= startDate) &&
      (!endDate || r.date <= endDate) &&
      (!year || r.date.startsWith(`${year}-`)) &&
      (!scope.billerId || r.biller_id === scope.billerId) &&
      (!scope.type || r.type === scope.type) &&
      (!scope.status || r.status === scope.status),
  );
  const sign = descending ? -1 : 1;
  return matching.sort((a, b) => sign * (a.date.localeCompare(b.date) || a.id - b.id));
}

const SCOPES: SeekScope[] = [
  { period: {}, withNew: true },
  { period: {}, withNew: false },
  { period: { year: 2025 }, withNew: true },
  { period: { startDate: '2025-11-15', endDate: '2025-12-31' }, withNew: true },
  { period: { startDate: '2025-11-02', endDate: '2025-11-29' }, withNew: false },
  { period: { endDate: '2025-11-30' }, withNew: true, status: 'DUE' },
  { period: { startDate: '2025-11-01' }, withNew: true, type: 'consignment' },
  { period: {}, withNew: true, billerId: 1, status: 'PAID' },
];

describe('a deep page of invoices found through the day totals', () => {
  it('says on which day the invoice at each offset lies and how many of that day come before it', async () => {
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from invoice_day_total_deltas`);
    expect(n).toBeGreaterThan(0);
    for (const scope of SCOPES) {
      for (const descending of [true, false]) {
        const plain = await ordered(scope, descending);
        expect(plain.length).toBeGreaterThan(3);
        for (let offset = 0; offset <= plain.length; offset += offset < 6 ? 1 : 5) {
          const at = plain[offset];
          const want = at
            ? {
                total: plain.length,
                day: at.date,
                skip: plain.slice(0, offset).filter((r) => r.date === at.date).length,
              }
            : { total: plain.length, skip: 0 };
          const label = `${JSON.stringify(scope)} ${descending ? 'desc' : 'asc'} at ${offset}`;
          expect(await seekInvoiceDay(db(), scope, descending, offset), label).toEqual(want);
        }
      }
    }
  });

  it('gives every page of the invoice list as the plain definition, each page sought', async () => {
    const all = await invoiceRows(t.database.db);
    const filters = [
      {},
      { sortingList: [{ column: 'date', order: 'asc' }] },
      { sortingList: [{ column: 'date', order: 'desc' }] },
      { year: 2025, status: 'DUE' },
      { startDate: '2025-11-15', endDate: '2026-01-10', biller: billers[1] },
      { type: 'consignment', status: 'All' },
    ];
    for (const f of filters) {
      const whole = expected(all, { ...f, status: f.status === 'All' ? undefined : f.status });
      for (const resultsPerPage of [7, 25]) {
        const pages: number[] = [];
        const numPages = Math.ceil(whole.totalRows / resultsPerPage);
        for (let currentPage = 1; currentPage <= numPages + 1; currentPage++) {
          const filter = invoiceListFilter.parse({ ...f, currentPage, resultsPerPage });
          const page = await invoicesRepository.list(t.database.db, filter, undefined, 0);
          expect(page.totalRows).toBe(whole.totalRows);
          pages.push(...page.rows.map((r) => r.id));
        }
        expect({ f, resultsPerPage, pages }).toEqual({ f, resultsPerPage, pages: whole.ids });
      }
    }
  });

  it("gives every page of the dashboard's invoices (drafts left out) as the invoices in date order", async () => {
    const filters: {
      sortingList?: { column: string; order: string }[];
      startDate?: string;
      endDate?: string;
      year?: number;
    }[] = [
      {},
      { sortingList: [{ column: 'date', order: 'asc' }] },
      { startDate: '2025-11-14' },
      // The count from whole months' totals, edge days' totals and the deltas not folded yet.
      { startDate: '2025-11-02', endDate: '2025-12-31' },
      { year: 2025, sortingList: [{ column: 'date', order: 'asc' }] },
    ];
    for (const f of filters) {
      const descending = f.sortingList?.[0]?.order !== 'asc';
      const { startDate, endDate, year } = f;
      const scope: SeekScope = { period: { startDate, endDate, year }, withNew: false };
      const plain = (await ordered(scope, descending)).map((r) => r.id);
      const pages: number[] = [];
      for (let currentPage = 1; currentPage <= Math.ceil(plain.length / 9) + 1; currentPage++) {
        const filter = recentInvoicesFilter.parse({ ...f, currentPage, resultsPerPage: 9 });
        const page = await dashboardRepository.recentInvoices(db(), filter, undefined, 0);
        expect(page.totalRows).toBe(plain.length);
        pages.push(...page.rows.map((r) => r.id));
      }
      expect({ f, pages }).toEqual({ f, pages: plain });
    }
    // Counted without a fold: what was written after the last one is still pending.
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from invoice_day_total_deltas`);
    expect(n).toBeGreaterThan(0);
  });
});
