import { expect } from 'vitest';
import type { TestApp } from './helpers.js';

/**
 * A list call refuses a sort column outside its allow-list with a 400 on
 * `sortingList`, including names every object has (`__proto__`, `constructor`).
 */
export async function expectSortRefused(t: TestApp, url: string, token = t.adminToken) {
  for (const column of ['nope', '__proto__', 'constructor', 'toString']) {
    const res = await t.call('POST', url, { sortingList: [{ column, order: 'asc' }] }, token);
    expect(res.statusCode, `${url} sorted by ${column}`).toBe(400);
    expect(res.json()).toMatchObject({ field: 'sortingList' });
    expect(res.json().message).toMatch(/^sortingList column must be one of /);
  }
}

/** The values of one column of a list answer, in order. */
export async function sortedColumn<T>(t: TestApp, url: string, key: string, column: string, order: 'asc' | 'desc') {
  const res = await t.call('POST', url, { resultsPerPage: 100, sortingList: [{ column, order }] }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()[key] as Record<string, T>[]).map((row) => row[column]);
}

/**
 * The invoice lists' order by definition (the invoice list, the dashboard's latest invoices):
 * the user's column, then date and id, all in the sort's direction; no sort is newest first. A
 * null (a walk-in's company) comes last ascending and first descending, as PostgreSQL orders nulls.
 */
export function invoiceOrder<R extends { date: string; id: number }>(
  rows: R[],
  key: ((row: R) => unknown) | undefined,
  order: 'asc' | 'desc' | undefined,
): R[] {
  const way = order === 'asc' ? 1 : -1;
  const compare = (a: unknown, b: unknown) =>
    a === b
      ? 0
      : a === null
        ? 1
        : b === null
          ? -1
          : typeof a === 'number'
            ? a - (b as number)
            : String(a).localeCompare(String(b));
  return [...rows].sort(
    (a, b) => (key ? way * compare(key(a), key(b)) : 0) || way * a.date.localeCompare(b.date) || way * (a.id - b.id),
  );
}

/**
 * Paged at each size, a list gives every row of its one-page answer, in the same order, with the
 * same count and totals on every page: pages near the end, read from there (listPage's
 * reversedOrder), are turned back round into the list's order.
 */
export async function expectPagesAreTheList(
  t: TestApp,
  url: string,
  key: string,
  filter: Record<string, unknown> = {},
  sizes = [1, 3],
) {
  const ask = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', url, { ...filter, ...body }, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { totalRows: number; totals: unknown } & Record<string, { id: number }[]>;
  };
  const whole = await ask({ resultsPerPage: 1000 });
  const ids = whole[key].map((r) => r.id);
  expect(ids.length, 'the list has rows to page').toBeGreaterThan(3);
  for (const size of sizes) {
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(ids.length / size); page += 1) {
      const answer = await ask({ resultsPerPage: size, currentPage: page });
      expect({ totalRows: answer.totalRows, totals: answer.totals }).toEqual({
        totalRows: whole.totalRows,
        totals: whole.totals,
      });
      paged.push(...answer[key].map((r) => r.id));
    }
    expect(paged, `${url} ${JSON.stringify(filter)} by ${size}`).toEqual(ids);
  }
}

/**
 * A list's search by its definition: for each text, the rows whose `fields` contain it (trimmed,
 * case ignored) in the list's order, their count, and the footer's `money` sum (dollars, compared
 * in cents) over them, against the list's one-page answer without a search.
 */
export async function expectSearchIsTheDefinition(
  t: TestApp,
  url: string,
  key: string,
  opts: { fields: string[]; money: string; texts: string[] },
) {
  const list = async (filter: Record<string, unknown>) => {
    const res = await t.call('POST', url, { resultsPerPage: 1000, ...filter }, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { totalRows: number; totals: Record<string, number> } & Record<
      string,
      Record<string, unknown>[]
    >;
  };
  const all = (await list({}))[key];
  const cents = (rows: Record<string, unknown>[]) =>
    rows.reduce((sum, r) => sum + Math.round(Number(r[opts.money]) * 100), 0);
  for (const q of opts.texts) {
    const text = q.trim().toLowerCase();
    const want = all.filter((r) => opts.fields.some((f) => String(r[f]).toLowerCase().includes(text)));
    const got = await list({ searchQuery: q });
    expect(
      got[key].map((r) => r.id),
      q,
    ).toEqual(want.map((r) => r.id));
    expect(got.totalRows, q).toBe(want.length);
    expect(Math.round(got.totals[opts.money] * 100), q).toBe(cents(want));
  }
}
