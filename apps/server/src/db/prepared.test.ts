import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import { type Database, openDatabase, PREPARED_PER_CONNECTION, rowsOf } from './client.js';

const t = testApp();
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

/** One connection to this file's PostgreSQL database, so every statement lands on it. */
async function oneConnection(pooler?: 'transaction') {
  const database = await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 1, pooler });
  opened.push(database);
  return database.db;
}

/** The statements the app prepared on the connection, by their text. */
async function prepared(db: Database['db']) {
  const rows = rowsOf<{ name: string; statement: string }>(
    await db.execute(sql`select name, statement from pg_prepared_statements where name like 'wd\_%' order by name`),
  );
  return rows;
}

describe('statements kept prepared on each PostgreSQL connection', () => {
  it('prepares a repeated read once by a name from its text, and answers the same', async ({ skip }) => {
    if (t.database.kind !== 'postgres') skip();
    const db = await oneConnection();
    const answers = [];
    for (const n of [1, 2, 3]) {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${n}::int + 40 as n`));
      answers.push(row.n);
    }
    expect(answers).toEqual([41, 42, 43]);
    const kept = await prepared(db);
    expect(kept.filter((s) => s.statement === 'select $1::int + 40 as n')).toHaveLength(1);
    expect(kept.every((s) => /^wd_[\w-]{27}$/.test(s.name))).toBe(true);
  });

  it('keeps neither a long list of ids, nor a search, nor a statement given a date, nor DDL, and at most the cap per connection', async ({
    skip,
  }) => {
    if (t.database.kind !== 'postgres') skip();
    const db = await oneConnection();
    const ids = Array.from({ length: 100 }, (_, i) => i);
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from generate_series(0, 200) g where g in ${ids}`),
    );
    expect(row.n).toBe(100);
    // A period's bounds: each run planned for its dates.
    for (let i = 0; i < 3; i++) {
      await db.execute(sql`select count(*) from generate_series(1, 3) g where ${'2026-11-01'}::date < now()`);
    }
    await db.execute(sql`create temporary table prepared_probe (n int)`);
    for (let i = 0; i < 3; i++)
      await db.execute(sql`select count(*) from pg_class where relname ilike ${'%probe%'} or relname like ${'x%'}`);
    expect(
      (await prepared(db)).map((s) => s.statement).filter((s) => /generate_series|prepared_probe|like|::date/i.test(s)),
    ).toEqual([]);
    for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) await db.execute(sql.raw(`select ${i} as n`));
    // (The listing searches with LIKE: it is never one of them.)
    expect((await prepared(db)).length).toBe(PREPARED_PER_CONNECTION);
    const [last] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select ${PREPARED_PER_CONNECTION + 19} as n`)));
    expect(last.n).toBe(PREPARED_PER_CONNECTION + 19);
  });

  it('prepares nothing behind a transaction pooler', async ({ skip }) => {
    if (t.database.kind !== 'postgres') skip();
    const db = await oneConnection('transaction');
    for (let i = 0; i < 3; i++) await db.execute(sql`select 1 as one`);
    expect(await prepared(db)).toEqual([]);
  });
});
