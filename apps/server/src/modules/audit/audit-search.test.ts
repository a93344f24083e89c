import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { rowsOf } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';

// The trail searched (audit.repository.ts, searchedPage): the entries of the users and kinds of
// record whose name holds the text, and those with a value before or after that holds it (at any
// depth; not a key), counted partly from the day counts and partly through the values' index.
// Held against a definition written here in JavaScript over every entry of the log.

const t = testApp();
const db = () => t.database.db;

interface Entry {
  id: number;
  /** The UTC day, as the date filter reads it. */
  day: string;
  user: string;
  entity: string;
  entityId: number | null;
  action: string;
  before: unknown;
  after: unknown;
}

interface Filter {
  searchQuery: string;
  userId?: number;
  entity?: string;
  entityId?: number;
  action?: string;
  startDate?: string;
  endDate?: string;
  sortingList?: { column: string; order: 'asc' | 'desc' }[];
}

/** Every scalar value at any depth of a side, as the screen shows it (JSON text for numbers and booleans). */
function leaves(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(leaves);
  return [String(value)];
}

let userIds: Record<string, number> = {};

async function everyEntry(): Promise<(Entry & { userId: number | null })[]> {
  const rows = rowsOf<Entry & { userId: number | null }>(
    await db().execute(sql`
      select a.id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(u.username, '') as "user", a.user_id as "userId",
        a.entity, a.entity_id as "entityId", a.action, a.before, a.after
      from audit_log a left join users u on u.id = a.user_id
      order by a.created_at desc, a.id desc`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The page by definition: the entries under the filter whose user, kind or any value holds the text. */
async function definition(f: Filter, page: number, size: number) {
  const text = f.searchQuery.trim().toLowerCase();
  const holds = (s: string) => s.toLowerCase().includes(text);
  const entries = (await everyEntry()).filter(
    (e) =>
      (holds(e.user) || holds(e.entity) || [...leaves(e.before), ...leaves(e.after)].some(holds)) &&
      (!f.userId || e.userId === f.userId) &&
      (!f.entity || e.entity === f.entity) &&
      (!f.entityId || e.entityId === f.entityId) &&
      (!f.action || e.action === f.action) &&
      (!f.startDate || e.day >= f.startDate) &&
      (!f.endDate || e.day <= f.endDate),
  );
  if (f.sortingList?.[0]?.order === 'asc') entries.reverse();
  return { ids: entries.slice((page - 1) * size, page * size).map((e) => e.id), totalRows: entries.length };
}

async function served(f: Filter, page: number, size: number) {
  const res = await t.call('POST', '/api/audit/all', { ...f, currentPage: page, resultsPerPage: size }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: body.auditLog.map((e: { id: number }) => e.id), totalRows: body.totalRows };
}

/** Every page (and one past the end), newest first and oldest first, equals the definition's. */
async function expectEveryPage(f: Filter, size: number) {
  for (const sortingList of [undefined, [{ column: 'createdAt', order: 'asc' as const }]]) {
    const filter = { ...f, sortingList };
    const { totalRows } = await definition(filter, 1, size);
    for (let page = 1; page <= Math.ceil(totalRows / size) + 1; page++) {
      expect(await served(filter, page, size), JSON.stringify({ filter, page })).toEqual(
        await definition(filter, page, size),
      );
    }
  }
  return (await definition(f, 1, size)).totalRows;
}

/**
 * 360 entries over 60 UTC days (April and May) by three users and none, four kinds of record
 * ('refund' holds "fund"), three actions. Their values: a number, a name from a short list
 * ("Pathfinder Snacks", "Fundy Cola", "50% Off Chips", "Plain Water") every fifth entry inside a
 * receipt's shares (an array of objects), and a key "finder" that no search may match. Written
 * in two statements with a fold between, so the counts are part folded, part pending.
 */
beforeAll(async () => {
  const finder = (await t.createUser('pathfinder.clerk')).id;
  const other = (await t.createUser('search.other')).id;
  const gone = (await t.createUser('search.gone')).id;
  userIds = { finder, other, gone };
  const write = (from: number, to: number) =>
    db().execute(sql`
      insert into audit_log (user_id, entity, entity_id, action, before, after, created_at)
      select (array[${finder}::int, ${other}::int, ${gone}::int, null])[1 + n % 4],
        (array['product', 'invoice_item', 'payment', 'refund'])[1 + (n * 7) % 4],
        n % 30, (array['create', 'update', 'delete'])[1 + (n * 5) % 3],
        case when n % 3 = 0 then jsonb_build_object('n', n, 'finder', 1) end,
        case when n % 5 = 0
          then jsonb_build_object('shares', jsonb_build_array(jsonb_build_object('name', name, 'amount', n)))
          else jsonb_build_object('name', name, 'price', (n * 1.25)::float8) end,
        timestamptz '2026-04-01 00:00:00Z' + (n / 6) * interval '1 day' + (n % 6) * interval '3 hours 50 minutes'
      from generate_series(${from}::int, ${to}::int) n,
        lateral (select (array['Pathfinder Snacks', 'Fundy Cola', '50% Off Chips', 'Plain Water'])[1 + (n / 3) % 4] as name) v`);
  await write(0, 199);
  await foldRollups(db());
  await write(200, 359);
  // A deleted user's entries keep no user: they match by their values alone.
  await db().execute(sql`delete from users where id = ${gone}`);
});

describe('the audit trail searched', { timeout: 120_000 }, () => {
  it('finds the users, the kinds of record and the values that hold the text, each entry once', async () => {
    // "find": the user pathfinder.clerk, and "Pathfinder Snacks" in his entries and the others'.
    expect(await expectEveryPage({ searchQuery: 'find' }, 25)).toBeGreaterThan(90);
    // "FUND": the kind 'refund' and "Fundy Cola", in any case.
    expect(await expectEveryPage({ searchQuery: 'FUND' }, 25)).toBeGreaterThan(90);
    // The values alone: no user or kind holds them.
    expect(await expectEveryPage({ searchQuery: 'Plain Water' }, 20)).toBe(90);
    expect(await expectEveryPage({ searchQuery: '50%' }, 20)).toBe(90);
    expect(await expectEveryPage({ searchQuery: '1.25' }, 20)).toBeGreaterThan(0);
    // Two characters: no trigram, the values read one by one; the same entries.
    expect(await expectEveryPage({ searchQuery: 'wA' }, 20)).toBeGreaterThanOrEqual(90);
  });

  it('never matches a key, nor a value that is only a wildcard away', async () => {
    expect(await served({ searchQuery: 'shares' }, 1, 10)).toEqual({ ids: [], totalRows: 0 });
    expect(await served({ searchQuery: 'price' }, 1, 10)).toEqual({ ids: [], totalRows: 0 });
    expect(await served({ searchQuery: '50_' }, 1, 10)).toEqual({ ids: [], totalRows: 0 });
  });

  it('with the other filters: a user, a kind, one record, an action, a period cut mid-month', async () => {
    await expectEveryPage({ searchQuery: 'find', userId: userIds.other }, 10);
    await expectEveryPage({ searchQuery: 'find', userId: userIds.finder }, 10);
    await expectEveryPage({ searchQuery: 'fund', entity: 'refund' }, 10);
    await expectEveryPage({ searchQuery: 'fund', entity: 'product', action: 'update' }, 10);
    await expectEveryPage({ searchQuery: 'find', entity: 'payment', entityId: 7 }, 5);
    await expectEveryPage({ searchQuery: 'Chips', startDate: '2026-04-17', endDate: '2026-05-09' }, 10);
    await expectEveryPage(
      { searchQuery: 'find', startDate: '2026-04-17', endDate: '2026-05-09', action: 'create' },
      10,
    );
  });

  it('counts the same once every delta is folded', async () => {
    await foldRollups(db());
    await expectEveryPage({ searchQuery: 'find' }, 50);
    await expectEveryPage({ searchQuery: 'fund', startDate: '2026-04-30' }, 50);
  });

  it('when the text names every kind of record in the log, counts their entries alone', async () => {
    await db().execute(sql`delete from audit_log where entity not in ('product', 'payment')`);
    // "p": both kinds, the user pathfinder.clerk and many values; every entry is one of the kinds.
    const total = await expectEveryPage({ searchQuery: 'p' }, 50);
    const [{ n }] = rowsOf<{ n: string }>(await db().execute(sql`select count(*) as n from audit_log`));
    expect(total).toBe(Number(n));
    await expectEveryPage({ searchQuery: 'p', action: 'delete', startDate: '2026-04-20' }, 10);
  });
});
