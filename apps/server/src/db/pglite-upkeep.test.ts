import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { upkeep, upkeepAfterBulkLoad } from './pglite-upkeep.js';

let client: PGlite | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function fresh() {
  client = await PGlite.create('memory://');
  await client.exec(`create table shelf (id int primary key, sold int not null, note text not null);
    insert into shelf select g, 0, repeat('x', 60) from generate_series(1, 20000) g;
    create table spare (id int primary key, sold int not null, note text not null);
    insert into spare select g, 0, repeat('x', 60) from generate_series(1, 20000) g;`);
  return client;
}

const pages = async (db: PGlite, table: string) =>
  (await db.query<{ pages: number }>(`select (pg_relation_size('${table}') / 8192)::int as pages`)).rows[0]?.pages ?? 0;

/** Every row rewritten once (what a sale does to a product's sold quantity). */
const sellAll = (db: PGlite, table: string) => db.exec(`update ${table} set sold = sold + 1`);

describe('the embedded database upkeep', () => {
  it('analyzes new tables, then does nothing while nothing changes', async () => {
    const db = await fresh();
    expect(await upkeep(db)).toEqual({ vacuumed: [], analyzed: ['shelf', 'spare'] });
    expect(await upkeep(db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('vacuums a table with many dead rows, so the next writes reuse the space instead of growing it', async () => {
    const db = await fresh();
    await upkeep(db);
    const loaded = await pages(db, 'shelf');
    // Every row rewritten: with no vacuum the table doubles (the old versions stay).
    await sellAll(db, 'shelf');
    const rewritten = await pages(db, 'shelf');
    expect(rewritten).toBeGreaterThan(1.8 * loaded);
    expect(await upkeep(db)).toEqual({ vacuumed: ['shelf'], analyzed: [] });
    // Three more rewrites, each followed by a round: the freed space is used, the table stays put.
    for (let i = 0; i < 3; i++) {
      await sellAll(db, 'shelf');
      expect((await upkeep(db)).vacuumed).toEqual(['shelf']);
    }
    expect(await pages(db, 'shelf')).toBeLessThanOrEqual(rewritten + 1);
    expect(await upkeep(db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('catches a table an earlier process grew by its size at start; the rounds after count only this process', async () => {
    const db = await fresh();
    await upkeep(db);
    await db.exec(`insert into shelf select g, 0, 'y' from generate_series(20001, 40000) g`);
    // The counters start from zero in a new process: as after a restart (the insert's counted first).
    await db.exec('select pg_stat_force_next_flush()');
    await db.exec('select 1');
    await db.exec('select pg_stat_reset()');
    expect(await upkeep(db, [], { sizes: false })).toEqual({ vacuumed: [], analyzed: [] });
    expect(await upkeep(db)).toEqual({ vacuumed: [], analyzed: ['shelf'] });
    // This process's own writes are counted in every round.
    await sellAll(db, 'spare');
    expect(await upkeep(db, [], { sizes: false })).toEqual({ vacuumed: ['spare'], analyzed: [] });
  });

  it('vacuums the listed tables every round (the roll-ups empty their delta tables at every fold)', async () => {
    const db = await fresh();
    await upkeep(db);
    expect(await upkeep(db, ['spare'])).toEqual({ vacuumed: ['spare'], analyzed: [] });
  });

  it('after a bulk load, a table of mostly dead rows is rewritten to its live size', async () => {
    const db = await fresh();
    const loaded = await pages(db, 'shelf');
    for (let i = 0; i < 6; i++) await sellAll(db, 'shelf');
    expect(await pages(db, 'shelf')).toBeGreaterThan(3 * loaded);
    const result = await upkeepAfterBulkLoad(db);
    expect(result.vacuumed).toEqual(['shelf', 'spare']);
    expect(await pages(db, 'shelf')).toBeLessThanOrEqual(loaded + 1);
    expect(await upkeep(db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it("is the embedded database's afterBulkLoad: every table of the app vacuumed and analyzed", async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      await database.afterBulkLoad();
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as tables,
              count(*) filter (where last_vacuum is not null and last_analyze is not null)::int as kept
            from pg_stat_user_tables where schemaname = 'public'`,
      )) as unknown as { rows: { tables: number; kept: number }[] };
      expect(rows[0]?.tables).toBeGreaterThan(30);
      expect(rows[0]?.kept).toBe(rows[0]?.tables);
    } finally {
      await database.close();
    }
  });
});
