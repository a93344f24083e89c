import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

/** customer/all counts without the price-group join and pages from (company, id): the same answers. */
const t = testApp();

async function customerRows(where: ReturnType<typeof sql>) {
  const result = await t.database.db.execute(sql`select id from customers where ${where} order by company, id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

describe('customer/all', () => {
  it('counts, pages and searches live and deleted customers as the rows say', async () => {
    const made = [];
    for (const company of ['Zeta Listed', 'Alpha Listed', 'alpha listed', 'Mid Listed 50%', 'Alpha Listed']) {
      made.push((await t.call('POST', '/api/customer/new/', { company }, t.adminToken)).json().customer);
    }
    expect((await t.call('DELETE', `/api/customer/delete/${made[0].id}/`, undefined, t.adminToken)).statusCode).toBe(
      200,
    );
    const live = await customerRows(sql`deleted_at is null`);
    const deleted = await customerRows(sql`deleted_at is not null`);
    const listed = await customerRows(sql`deleted_at is null and company ilike '%listed 50\\%%'`);
    expect(deleted).toEqual([made[0].id]);
    expect(listed).toEqual([made[3].id]);

    const page = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', path, body, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const first = await page('/api/customer/all/', { resultsPerPage: 2 });
    expect(first.totalRows).toBe(live.length);
    expect(first.numPages).toBe(Math.ceil(live.length / 2));
    expect(first.customers.map((c: { id: number }) => c.id)).toEqual(live.slice(0, 2));
    const last = await page('/api/customer/all/', { resultsPerPage: 2, currentPage: first.numPages });
    expect(last.customers.map((c: { id: number }) => c.id)).toEqual(live.slice((first.numPages - 1) * 2));
    expect(await page('/api/customer/all/', { searchQuery: 'LISTED 50%' })).toMatchObject({
      totalRows: 1,
      customers: [{ id: made[3].id, priceGroup: expect.any(String) }],
    });
    expect((await page('/api/customer/all/deleted/', {})).totalRows).toBe(1);
  });

  it('finds a customer by any of the six searched columns, as changed, and never across two of them', async () => {
    const body = {
      company: 'Joined Search Mart',
      name: 'Pat Keeper',
      city: 'Springvale',
      phone: '555-0199',
      email: 'pat@joined.test',
      taxPermitNumber: '77810443',
    };
    const create = await t.call('POST', '/api/customer/new/', body, t.adminToken);
    expect(create.statusCode, create.body).toBe(200);
    const made = create.json().customer;
    const found = async (searchQuery: string, path = '/api/customer/all/') => {
      const res = await t.call('POST', path, { searchQuery }, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().customers.map((c: { id: number }) => c.id);
    };
    for (const text of ['joined search MART', 'pat keeper', 'SPRINGVALE', '555-0199', '@joined.te', '7781044']) {
      expect({ text, ids: await found(text) }).toEqual({ text, ids: [made.id] });
    }
    // The end of one column and the start of the next, with or without the line between them.
    for (const text of ['Mart Pat', 'MartPat', 'Mart\nPat', 'Keeper\nSpringvale', 'vale 555']) {
      expect({ text, ids: await found(text) }).toEqual({ text, ids: [] });
    }
    const changed = await t.call(
      'PATCH',
      '/api/customer/update/',
      { ...body, id: made.id, city: 'Oakmere', phone: '555-0200' },
      t.adminToken,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await found('springvale')).toEqual([]);
    expect(await found('oakmere')).toEqual([made.id]);
    expect(await found('555-0200')).toEqual([made.id]);
    expect((await t.call('DELETE', `/api/customer/delete/${made.id}/`, undefined, t.adminToken)).statusCode).toBe(200);
    expect(await found('oakmere')).toEqual([]);
    expect(await found('oakmere', '/api/customer/all/deleted/')).toEqual([made.id]);
  });

  it('counts the live customers as the rows do after every kind of change (the kept count, migration 0051)', async () => {
    const listed = async () => {
      const res = await t.call('POST', '/api/customer/all/', { resultsPerPage: 1 }, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().totalRows as number;
    };
    const expectSame = async (step: string) => {
      const live = (await customerRows(sql`deleted_at is null`)).length;
      expect({ step, listed: await listed() }).toEqual({ step, listed: live });
    };
    await expectSame('at the start');
    const ids: number[] = [];
    for (const company of ['Count One', 'Count Two', 'Count Three']) {
      ids.push((await t.call('POST', '/api/customer/new/', { company }, t.adminToken)).json().customer.id);
    }
    await expectSame('three added');
    const call = async (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => {
      const res = await t.call(method, path, body, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    await call('POST', '/api/customer/delete/', { ids: [ids[0], ids[1]] });
    await expectSame('two deleted at once');
    await call('POST', `/api/customer/recover/${ids[0]}/`);
    await expectSame('one recovered');
    await call('DELETE', `/api/customer/delete/${ids[1]}/`);
    await expectSame('a deleted one deleted for good');
    const record = (await call('POST', `/api/customer/${ids[2]}/`)).customer;
    await call('PATCH', '/api/customer/update/', { ...record, company: 'Count Three Renamed' });
    await expectSame('a rename');
    const group = (await t.database.db.execute(sql`select min(id) as id from price_groups`)) as unknown as {
      rows: { id: number }[];
    };
    await t.database.db.execute(sql`insert into customers (company, price_group_id, deleted_at)
      values ('Bulk A', ${group.rows[0].id}, null), ('Bulk B', ${group.rows[0].id}, now()), ('Bulk C', ${group.rows[0].id}, null)`);
    await expectSame('three inserted in one statement, one of them deleted');
    await t.database.db.execute(
      sql`update customers set deleted_at = case when deleted_at is null then now() end where company like 'Bulk %'`,
    );
    await expectSame('one statement deleting two and restoring one');
    await t.database.db.execute(sql`delete from customers where company like 'Bulk %'`);
    await expectSame('removed in one statement');
  });

  it('sorts by every column both ways, ties by company and id in its direction, page by page', async () => {
    const db = t.database.db;
    const ids: number[] = [];
    for (const company of ['Sort Oak', 'Sort Elm', 'Sort Ash', 'Sort Elm', 'Sort Pine', 'Sort Fir', 'Sort Yew']) {
      ids.push((await t.call('POST', '/api/customer/new/', { company }, t.adminToken)).json().customer.id);
    }
    // Ties on every column, an empty date, a deleted customer that no sort may show.
    for (const [i, id] of ids.entries()) {
      await db.execute(sql`update customers set name = ${['Ann', 'Bo', 'Ann', 'Cy', 'Bo', 'Ann', 'Di'][i]},
        city = ${['Waco', 'Austin', 'Waco', 'Austin', 'Tyler', 'Waco', 'Austin'][i]}, state = ${i % 2 ? 'TX' : 'OK'},
        phone = ${`555-01${i % 3}`}, email = ${i % 3 ? `s${i % 2}@x.test` : ''}, edi_id = ${i % 2 ? '' : `EDI${i % 3}`},
        edi_qualifier = ${i % 2 ? '' : 'ZZ'}, award_points = ${(i % 3) * 5}, credit_limit = ${(i % 2) * 10_000},
        date_last_verified = ${i % 3 ? `2026-0${1 + (i % 2)}-15` : null}, price_group_id = 1
        where id = ${id}`);
    }
    await t.call('DELETE', `/api/customer/delete/${ids[6]}/`, undefined, t.adminToken);
    const columns = {
      id: 'c.id',
      company: 'c.company',
      name: 'c.name',
      city: 'c.city',
      state: 'c.state',
      phone: 'c.phone',
      email: 'c.email',
      ediId: 'c.edi_id',
      ediQualifier: 'c.edi_qualifier',
      awardPoints: 'c.award_points',
      priceGroup: 'g.name',
      dateLastVerified: 'c.date_last_verified',
      creditLimit: 'c.credit_limit',
    };
    for (const [column, expression] of Object.entries(columns)) {
      for (const order of ['asc', 'desc'] as const) {
        const way = sql.raw(order);
        const definition =
          (await db.execute(sql`select c.id from customers c join price_groups g on g.id = c.price_group_id
            where c.deleted_at is null and c.company like 'Sort %'
            order by ${sql.raw(expression)} ${way}, c.company ${way}, c.id ${way}`)) as unknown as {
            rows: { id: number }[];
          };
        const expected = definition.rows.map((r) => Number(r.id));
        const pages: number[] = [];
        for (let currentPage = 1; currentPage <= 3; currentPage++) {
          const res = await t.call(
            'POST',
            '/api/customer/all/',
            { searchQuery: 'Sort ', sortingList: [{ column, order }], resultsPerPage: 2, currentPage },
            t.adminToken,
          );
          expect(res.statusCode, res.body).toBe(200);
          pages.push(...res.json().customers.map((c: { id: number }) => c.id));
        }
        expect({ column, order, pages }).toEqual({ column, order, pages: expected });
      }
    }
  });

  it("sorts by the price group's name as it is now: after a change of group, a rename, a group's deletion", async () => {
    const call = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) => {
      const res = await t.call(method, url, body, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const groupOf = async (name: string) =>
      (await call('POST', '/api/priceGroup/new/', { name })).priceGroup.id as number;
    const [mid, late] = [await groupOf('Mmm Group Sort'), await groupOf('Zzz Group Sort')];
    const made: number[] = [];
    for (const [company, priceGroupID] of [
      ['Group Sort A', mid],
      ['Group Sort B', late],
      ['Group Sort C', 1],
      ['Group Sort D', mid],
    ] as const) {
      made.push((await call('POST', '/api/customer/new/', { company, priceGroupID })).customer.id);
    }
    const page = async (order: 'asc' | 'desc') =>
      (
        await call('POST', '/api/customer/all/', {
          searchQuery: 'Group Sort',
          sortingList: [{ column: 'priceGroup', order }],
          resultsPerPage: 10,
        })
      ).customers.map((c: { company: string; priceGroup: string }) => `${c.priceGroup}: ${c.company}`);
    const defaultName = (await call('POST', '/api/priceGroup/summary/1/')).priceGroup.name as string;
    const byName = (rows: [string, string][], order: 'asc' | 'desc') =>
      rows
        .sort(
          ([ga, ca], [gb, cb]) => (ga === gb ? ca.localeCompare(cb) : ga < gb ? -1 : 1) * (order === 'asc' ? 1 : -1),
        )
        .map(([g, c]) => `${g}: ${c}`);
    expect(await page('asc')).toEqual(
      byName(
        [
          ['Mmm Group Sort', 'Group Sort A'],
          ['Zzz Group Sort', 'Group Sort B'],
          [defaultName, 'Group Sort C'],
          ['Mmm Group Sort', 'Group Sort D'],
        ],
        'asc',
      ),
    );
    // D moves to the last group; the middle group becomes the first by name; then the last is deleted.
    const d = (await call('POST', `/api/customer/${made[3]}/`)).customer;
    await call('PATCH', '/api/customer/update/', { ...d, priceGroupID: late });
    await call('PATCH', '/api/priceGroup/update/', { id: mid, name: '000 Group Sort' });
    const renamed: [string, string][] = [
      ['000 Group Sort', 'Group Sort A'],
      ['Zzz Group Sort', 'Group Sort B'],
      [defaultName, 'Group Sort C'],
      ['Zzz Group Sort', 'Group Sort D'],
    ];
    expect(await page('asc')).toEqual(byName([...renamed], 'asc'));
    expect(await page('desc')).toEqual(byName([...renamed], 'desc'));
    await call('DELETE', `/api/priceGroup/delete/${late}/`);
    const moved: [string, string][] = renamed.map(([g, c]) => [g === 'Zzz Group Sort' ? defaultName : g, c]);
    expect(await page('desc')).toEqual(byName(moved, 'desc'));
  });

  it('answers 400 for an unknown sort column and 401 without a session', async () => {
    const bad = { sortingList: [{ column: 'nope', order: 'asc' }] };
    expect((await t.call('POST', '/api/customer/all/', bad, t.adminToken)).statusCode).toBe(400);
    expect((await t.call('POST', '/api/customer/all/', {}, null)).statusCode).toBe(401);
  });
});
