import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { expectSortRefused } from '../../../test/lists.js';

const t = testApp();

describe('user/all', () => {
  it('pages, searches and sorts in SQL', async () => {
    for (const name of ['list.ann', 'list.bob', 'list.cid']) await t.createUser(name);
    const res = await t.call(
      'POST',
      '/api/user/all/',
      { currentPage: 1, resultsPerPage: 2, searchQuery: 'LIST.', sortingList: [{ column: 'username', order: 'desc' }] },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users.map((u: { username: string }) => u.username)).toEqual(['list.cid', 'list.bob']);
    expect(body).toMatchObject({ currentPage: 1, numPages: 2, totalRows: 3 });
    const page2 = await t.call(
      'POST',
      '/api/user/all/',
      { currentPage: 2, resultsPerPage: 2, searchQuery: 'list.', sortingList: [{ column: 'username', order: 'desc' }] },
      t.adminToken,
    );
    expect(page2.json().users.map((u: { username: string }) => u.username)).toEqual(['list.ann']);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const res = await t.call('POST', '/api/user/all/', { searchQuery: '%' }, t.adminToken);
    expect(res.json().totalRows).toBe(0);
  });

  it('answers the first page with no body', async () => {
    const res = await t.call('POST', '/api/user/all/', undefined, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().currentPage).toBe(1);
  });

  it('refuses an unknown sort column (400)', async () => {
    const res = await t.call(
      'POST',
      '/api/user/all/',
      { sortingList: [{ column: 'password', order: 'asc' }] },
      t.adminToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('sortingList column must be one of id, username, email, type, driver');
  });

  it('refuses a sort column outside its allow-list, __proto__ included (400)', async () => {
    await expectSortRefused(t, '/api/user/all/');
  });

  it('refuses a page size of 0 (400)', async () => {
    const res = await t.call('POST', '/api/user/all/', { resultsPerPage: 0 }, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('resultsPerPage must be a number ≥ 1');
  });

  it('is forbidden to non-admins', async () => {
    const { token } = await t.createUser('no.list');
    expect((await t.call('POST', '/api/user/all/', {}, token)).statusCode).toBe(403);
  });
});
