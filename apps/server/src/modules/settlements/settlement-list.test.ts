import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

/**
 * The settlement report's sorts, search, pages, totals and CSV over settlements of three drivers
 * (docs/settlement.md, "The report"): each order checked against the same rows sorted here.
 */
const t = testApp();

const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

interface Row {
  id: number;
  date: string;
  driver: string;
  truck: string;
  status: string;
  overShort: number;
  note: string;
}

/** Drivers and their trucks: the names sort differently (Bay 1 is the last driver's truck). */
const CREW = [
  { driver: 'list.alvarez', truck: 'Bay 3' },
  { driver: 'list.brooks', truck: 'Bay 2' },
  { driver: 'list.chen', truck: 'Bay 1' },
];
/** Days in March 2026; the settlements' over/short in cents, notes and states are set per row below. */
const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];

const rows: Row[] = [];
const mine = { startDate: DAYS[0], endDate: DAYS[DAYS.length - 1] };

beforeAll(async () => {
  for (const [n, { driver, truck }] of CREW.entries()) {
    const user = await t.createUser(driver);
    await ok('PATCH', '/api/user/update/', { id: user.id, driver: true });
    await ok('POST', '/api/route/new/', { name: `List loop ${n}`, driverID: user.id, truck, stops: [] });
    for (const day of DAYS) {
      const { settlement } = await ok('POST', '/api/settlement/open/', { driverID: user.id, date: day });
      rows.push({ id: settlement.id, date: day, driver, truck, status: 'open', overShort: 0, note: '' });
    }
  }
  // Closed ones with their over/short (stock, money and adjustments make it up), and two notes.
  for (const [i, row] of rows.entries()) {
    if (i % 3 === 0) continue;
    row.status = 'closed';
    row.overShort = ((i * 37) % 11) - 5;
    row.note = i === 4 ? 'Van tyre flat' : i === 8 ? 'Short a case of cola' : '';
    await t.database.db.execute(sql`update settlements set status = 'closed', stock_over_short = ${row.overShort * 100},
      money_over_short = 0, adjustments = 0, note = ${row.note} where id = ${row.id}`);
  }
});

/** The rows sorted as the report sorts them: by the key, then by day and id in the same direction. */
function sorted(key: ((r: Row) => string | number) | undefined, order: 'asc' | 'desc' = 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => sign * ((key ? cmp(key(a), key(b)) : 0) || cmp(a.date, b.date) || a.id - b.id))
    .map((r) => r.id);
}

const ids = (list: { settlements: { id: number }[] }) => list.settlements.map((s) => s.id);

describe('the settlement report', () => {
  it('sorts by each column both ways, ties by day and id in the same direction', async () => {
    const keys: Record<string, ((r: Row) => string | number) | undefined> = {
      date: undefined,
      driver: (r) => r.driver,
      truck: (r) => r.truck,
      status: (r) => r.status,
      overShort: (r) => r.overShort,
    };
    const list = await ok('POST', '/api/settlement/all/', { ...mine, resultsPerPage: 100 });
    expect(ids(list)).toEqual(sorted(undefined));
    for (const [column, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const page = await ok('POST', '/api/settlement/all/', {
          ...mine,
          resultsPerPage: 100,
          sortingList: [{ column, order }],
        });
        expect(ids(page), `${column} ${order}`).toEqual(sorted(key, order));
      }
    }
  });

  it('pages the same order: the second page and the last one (read from the end)', async () => {
    const all = sorted((r) => r.truck, 'asc');
    const body = { ...mine, resultsPerPage: 5, sortingList: [{ column: 'truck', order: 'asc' }] };
    const second = await ok('POST', '/api/settlement/all/', { ...body, currentPage: 2 });
    expect(ids(second)).toEqual(all.slice(5, 10));
    expect(second.totalRows).toBe(12);
    const last = await ok('POST', '/api/settlement/all/', { ...body, currentPage: 3 });
    expect(ids(last)).toEqual(all.slice(10));
    const newestLast = await ok('POST', '/api/settlement/all/', { ...mine, resultsPerPage: 5, currentPage: 3 });
    expect(ids(newestLast)).toEqual(sorted(undefined).slice(10));
  });

  it("finds by the driver's name, the truck's name or the note, with the count and totals of what it found", async () => {
    const search = async (searchQuery: string) =>
      ok('POST', '/api/settlement/all/', { ...mine, searchQuery, resultsPerPage: 100 });
    const byDriver = await search('BROOKS');
    expect(ids(byDriver)).toEqual(
      sorted(undefined).filter((id) => rows.find((r) => r.id === id)?.driver === 'list.brooks'),
    );
    const byTruck = await search('bay 1');
    expect(byTruck.settlements.map((s: { driver: string }) => s.driver)).toEqual(Array(4).fill('list.chen'));
    const byNote = await search('tyre');
    expect(ids(byNote)).toEqual([rows[4].id]);
    expect(byNote.totalRows).toBe(1);
    expect(byNote.totals.overShort).toBe(rows[4].overShort);
    const either = await search('list.');
    expect(either.totalRows).toBe(12);
    const cents = rows.reduce((sum, r) => sum + r.overShort * 100, 0);
    expect(Math.round(either.totals.overShort * 100)).toBe(cents);
    expect((await search('nobody at all')).settlements).toEqual([]);
  });

  it('filters by status with the totals of those rows', async () => {
    const closed = await ok('POST', '/api/settlement/all/', { ...mine, status: 'closed', resultsPerPage: 100 });
    const expected = rows.filter((r) => r.status === 'closed');
    expect(closed.totalRows).toBe(expected.length);
    expect(Math.round(closed.totals.stock * 100)).toBe(expected.reduce((s, r) => s + r.overShort * 100, 0));
  });

  it('exports the CSV in the order of the screen', async () => {
    const res = await t.call(
      'POST',
      '/api/settlement/export/',
      { ...mine, sortingList: [{ column: 'driver', order: 'desc' }] },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    const drivers = lines.map((l) => l.split(',').find((cell) => cell.startsWith('list.')));
    const expected = sorted((r) => r.driver, 'desc').map((id) => rows.find((r) => r.id === id)?.driver);
    expect(drivers).toEqual(expected);
  });
});
