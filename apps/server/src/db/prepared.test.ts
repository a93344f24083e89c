import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import { type Database, openDatabase, rowsOf } from './client.js';
import { PREPARED_PER_CONNECTION } from './prepared.js';

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

/** One connection: PostgreSQL's (a pool of one), or the embedded database's only one. */
const connection = () => (t.database.kind === 'postgres' ? oneConnection() : Promise.resolve(t.database.db));

/** The statements the app prepared on the connection, by their text. */
async function prepared(db: Database['db']) {
  const rows = rowsOf<{ name: string; statement: string }>(
    await db.execute(sql`select name, statement from pg_prepared_statements where name like 'wd\_%' order by name`),
  );
  return rows;
}

describe('statements kept prepared on each connection (PostgreSQL) and on the embedded database', () => {
  it('prepares a repeated read once by a name from its text, and answers the same', async () => {
    const db = await connection();
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

  it('writes each value by its parameter type and reads each column as the driver does', async () => {
    const db = await connection();
    const query = sql`select (${JSON.stringify({ cents: 1999, note: 'é"' })}::jsonb ->> 'note') as note,
      ${true}::boolean as yes, ${null}::int as nothing, ${'12345678901.25'}::numeric(14,2) as amount,
      ${7}::bigint * 3 as big, ${'{"a":[1,2]}'}::json as doc, timestamptz '2026-11-29 10:00:00+00' as at`;
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(rowsOf(await db.execute(query))[0]);
    const expected = { note: 'é"', yes: true, nothing: null, amount: '12345678901.25', doc: { a: [1, 2] } };
    for (const row of answers) expect(row).toMatchObject(expected);
    // bigint: node-postgres answers text, PGlite a number; each driver as it always has.
    expect(answers.map((r) => String(r.big))).toEqual(Array(7).fill('21'));
    // A time stays the database's text, as Drizzle asks of both drivers (a Date here would be PGlite's default).
    expect(answers.map((r) => typeof r.at)).toEqual(Array(7).fill('string'));
    expect((await prepared(db)).some((s) => s.statement.includes("->> 'note'"))).toBe(true);
  });

  it('a kept statement that fails says why, and its next runs answer', async () => {
    const db = await connection();
    const divide = (by: number) => db.execute(sql`select 100 / ${by}::int as q`);
    expect(rowsOf(await divide(4))[0]).toEqual({ q: 25 });
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(rowsOf(await divide(5))[0]).toEqual({ q: 20 });
    expect((await prepared(db)).filter((s) => s.statement === 'select 100 / $1::int as q')).toHaveLength(1);
  });

  it('a statement that cannot be parsed is not kept, and fails the same way every time', async () => {
    const db = await connection();
    for (let i = 0; i < 3; i++)
      await expect(db.execute(sql`select no_such_column from pg_class where oid = ${i}`)).rejects.toMatchObject({
        cause: { code: '42703' },
      });
    expect((await prepared(db)).filter((s) => s.statement.includes('no_such_column'))).toEqual([]);
  });

  it('kept statements inside a transaction see its writes and go with its rollback', async () => {
    const db = await connection();
    await db.execute(sql`create temporary table if not exists prepared_tx_probe (n int)`);
    const count = async (tx: Pick<typeof db, 'execute'>) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from prepared_tx_probe where n > ${0}`))[0]
        .n;
    await expect(
      db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) await tx.execute(sql`insert into prepared_tx_probe values (${n})`);
        expect(await count(tx)).toBe(3);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count(db)).toBe(0);
    await db.transaction(async (tx) => {
      for (const n of [4, 5]) await tx.execute(sql`insert into prepared_tx_probe values (${n})`);
    });
    expect(await count(db)).toBe(2);
    const kept = (await prepared(db)).map((s) => s.statement);
    expect(kept).toContain('insert into prepared_tx_probe values ($1)');
  });

  it('keeps neither a long list of ids, nor a search, nor a statement given a date, nor DDL, and at most the cap per connection', async () => {
    const db = await connection();
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
