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
