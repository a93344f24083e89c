import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { rowsOf } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';

// The trail's pages found through the day counts (audit-seek.repository.ts) against the plain definition:
// every matching entry, ordered by the sort, then newest first, then by id, counted and sliced.

// No fold in the background: the writes after the last fold must stay pending deltas.
const t = testApp({ foldEveryMs: 0 });
const db = () => t.database.db;

interface Filter {
  userId?: number;
  entity?: string;
  action?: string;
  startDate?: string;
  endDate?: string;
  sortingList?: { column: string; order: 'asc' | 'desc' }[];
}

const KEYS: Record<string, string> = {
  createdAt: 'a.created_at',
  user: "coalesce(u.username, '')",
  entity: 'a.entity',
  action: 'a.action',
};

/** The page by definition: ids and the count of every entry under the filter. */
async function definition(f: Filter, page: number, size: number) {
  const conditions = [
    sql`true`,
    f.userId ? sql`a.user_id = ${f.userId}` : undefined,
    f.entity ? sql`a.entity = ${f.entity}` : undefined,
    f.action ? sql`a.action = ${f.action}` : undefined,
    f.startDate ? sql`a.created_at >= ${`${f.startDate}T00:00:00Z`}::timestamptz` : undefined,
    f.endDate ? sql`a.created_at < ${`${f.endDate}T00:00:00Z`}::timestamptz + interval '1 day'` : undefined,
  ];
  const where = sql.join(
    conditions.filter((c) => c !== undefined),
    sql` and `,
  );
  const sort = (f.sortingList ?? []).map((s) => `${KEYS[s.column]} ${s.order}, `).join('');
  const from = sql`from audit_log a left join users u on u.id = a.user_id where ${where}`;
  const ids = rowsOf<{ id: number }>(
    await db().execute(
      sql`select a.id ${from} order by ${sql.raw(sort)}a.created_at desc, a.id desc limit ${size} offset ${(page - 1) * size}`,
    ),
  ).map((r) => Number(r.id));
  const [{ n }] = rowsOf<{ n: string }>(await db().execute(sql`select count(*) as n ${from}`));
  return { ids, totalRows: Number(n) };
}

async function served(f: Filter, page: number, size: number) {
  const res = await t.call('POST', '/api/audit/all', { ...f, currentPage: page, resultsPerPage: size }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.auditLog.map((e: { id: number }) => e.id), totalRows: body.totalRows };
}

const SORTS: Filter['sortingList'][] = [
  undefined,
  [{ column: 'createdAt', order: 'asc' }],
  [{ column: 'createdAt', order: 'desc' }],
  ...['user', 'entity', 'action'].flatMap((column) => (['asc', 'desc'] as const).map((order) => [{ column, order }])),
];

/** Every page of the filter under every sort (and one past the end) equals the definition's. */
async function expectEveryPage(f: Filter, size: number) {
  for (const sortingList of SORTS) {
    const filter = { ...f, sortingList };
    const { totalRows } = await definition(filter, 1, size);
    const pages = Math.ceil(totalRows / size) + 1;
    for (let page = 1; page <= pages; page++) {
      expect(await served(filter, page, size), JSON.stringify({ filter, page })).toEqual(
        await definition(filter, page, size),
      );
    }
  }
}

let clerk: number;
let gone: number;

/**
 * 720 entries over 90 UTC days (March to May) by four users and none, five kinds of record, three actions;
 * every third timestamp shared by two entries (one transaction's entries share its time).
 * Written in three statements with a fold after the first, so the counts are part folded, part
 * pending deltas.
 */
beforeAll(async () => {
  clerk = (await t.createUser('seek.clerk')).id;
  const [other] = rowsOf<{ id: number }>(
    await db().execute(
      sql`insert into users (username, password_hash) values ('Seek.Other', '!'), ('seek.gone', '!') returning id`,
    ),
  );
  gone = Number(other.id) + 1;
  const write = (from: number, to: number) =>
    db().execute(sql`
      insert into audit_log (user_id, entity, entity_id, action, after, created_at)
      select (array[${clerk}::int, ${Number(other.id)}::int, ${gone}::int, null, (select min(id) from users where type = 'admin')])[1 + n % 5],
        (array['product', 'invoice', 'invoice_item', 'payment', 'settings'])[1 + (n * 7) % 5],
        n % 40, (array['create', 'update', 'delete'])[1 + (n * 3) % 3],
        jsonb_build_object('n', n),
        timestamptz '2026-03-01 00:00:00Z' + ((n - n % 3 / 2) / 8) * interval '1 day'
          + ((n - n % 3 / 2) % 8) * interval '175 minutes'
      from generate_series(${from}::int, ${to}::int) n`);
  await write(0, 299);
  await foldRollups(db());
  await write(300, 599);
  await write(600, 719);
});

// Each of the first two tests reads every page of many filters: 20-30 s on the embedded database
// when the machine is busy (the full suite runs files two at a time on two cores).
describe('the audit trail through its day counts', { timeout: 120_000 }, () => {
  it('gives every page of every sort as the plain definition, part folded, part pending', async () => {
    await expectEveryPage({}, 50);
    await expectEveryPage({}, 7);
  });

  it('under a user, a kind of record, an action, a period and their mix', async () => {
    await expectEveryPage({ userId: clerk }, 25);
    await expectEveryPage({ entity: 'invoice_item' }, 25);
    await expectEveryPage({ entity: 'settings', action: 'delete' }, 10);
    await expectEveryPage({ action: 'update', startDate: '2026-03-05', endDate: '2026-03-17' }, 25);
    await expectEveryPage({ startDate: '2026-03-29' }, 25);
    await expectEveryPage({ startDate: '2026-03-20', endDate: '2026-05-10' }, 25);
    await expectEveryPage({ startDate: '2026-04-01', endDate: '2026-04-30', userId: clerk }, 10);
    await expectEveryPage({ endDate: '2026-02-28' }, 25);
  });

  it("counts the entries already in the log as migration 0067's fill does", async () => {
    const migration = readFileSync(
      fileURLToPath(new URL('../../db/migrations/0067_audit_counts.sql', import.meta.url)),
      'utf8',
    );
    const fills = migration
      .split('--> statement-breakpoint')
      .map((part) => part.trim())
      .filter((part) => /^INSERT INTO audit_(day|month)_counts\b/.test(part));
    expect(fills).toHaveLength(2);
    await foldRollups(db());
    await db().execute(sql`truncate audit_day_counts, audit_month_counts`);
    expect(await served({}, 1, 10)).toMatchObject({ totalRows: 0 });
    for (const fill of fills) await db().execute(sql.raw(fill));
    await expectEveryPage({}, 50);
    await expectEveryPage({ startDate: '2026-04-01', endDate: '2026-04-30', userId: clerk }, 10);
  });

  it('keeps the counts when a deleted user leaves entries with no user, and after the log is emptied', async () => {
    await db().execute(sql`delete from users where id = ${gone}`);
    await expectEveryPage({}, 50);
    await foldRollups(db());
    await expectEveryPage({ entity: 'payment' }, 20);
    const counts = async () =>
      rowsOf<{ counted: string; logged: string }>(
        await db().execute(sql`select
          (select coalesce(sum(entries), 0) from audit_day_counts where user_id = 0) +
          (select coalesce(sum(entries), 0) from audit_day_count_deltas where user_id = 0) as counted,
          (select count(*) from audit_log where user_id is null) as logged`),
      )[0];
    const after = await counts();
    expect(Number(after.counted)).toBe(Number(after.logged));
    expect(Number(after.logged)).toBeGreaterThanOrEqual(288);

    await db().execute(sql`truncate audit_log`);
    expect(await served({}, 1, 10)).toEqual({ ids: [], totalRows: 0 });
    expect(await served({ sortingList: [{ column: 'user', order: 'asc' }] }, 3, 10)).toEqual({ ids: [], totalRows: 0 });
  });
});
