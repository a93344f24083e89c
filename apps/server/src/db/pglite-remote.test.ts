import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import { rowsOf } from './client.js';
import type { PgliteLink } from './pglite-link.js';
import { type EmbeddedClient, PgliteRemote } from './pglite-remote.js';

const t = testApp();

/** The embedded database's client under the app's Drizzle handle. */
const clientOf = () => (t.database.db as unknown as { $client: EmbeddedClient }).$client;

describe('the embedded database on a thread of its own', () => {
  it('the server keeps answering while a long statement runs', async () => {
    // The event loop's turns while the statement runs: with the database in the server's own
    // thread there were none (every request waited for the statement's end).
    let turns = 0;
    let running = true;
    const spin = () => {
      if (!running) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const [row] = rowsOf<{ n: string }>(
      await t.database.db.execute(sql`select sum(g)::text as n from generate_series(1, ${2_000_000}::int) g`),
    );
    running = false;
    expect(row.n).toBe('2000001000000');
    expect(turns).toBeGreaterThan(20);
  });

  it('a statement asked during a transaction runs after it, never between its statements', async ({ skip }) => {
    if (t.database.kind !== 'pglite') skip();
    const client = clientOf();
    await client.exec('create temporary table if not exists remote_probe (n int)');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const order: string[] = [];
    const inside = client.transaction(async (tx) => {
      await tx.query('insert into remote_probe values ($1)', [1]);
      await gate;
      await tx.query('insert into remote_probe values ($1)', [2]);
      order.push('transaction');
    });
    const outside = client.query<{ n: number }>('select count(*)::int as n from remote_probe').then((r) => {
      order.push('outside');
      return r.rows[0].n;
    });
    // Every chance for the outside statement to slip in while the transaction waits.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    open();
    await inside;
    expect(await outside).toBe(2);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('statements asked together reach the thread together, each with its own answer', async ({ skip }) => {
    if (t.database.kind !== 'pglite') skip();
    const remote = await PgliteRemote.start({});
    try {
      // Each kept (the same text, asked 8 times before its first parse has ended: parsed once),
      // or unnamed (LIKE: described, then parsed again with its run, whatever came between).
      const kept = 'select $1::int * 2 as n';
      const unnamed = (k: number) => `select $1::text like '%${k}' as ok, $2::int + ${k} as n`;
      const inFlight = () => (remote as unknown as { link: PgliteLink }).link.waiting;
      const asked = Array.from({ length: 16 }, (_, k) =>
        k % 2
          ? remote.query<{ n: number }>(kept, [k]).then((r) => r.rows)
          : remote.query<{ ok: boolean; n: number }>(unnamed(k), [`x${k}`, k]).then((r) => r.rows),
      );
      const most = inFlight();
      const answers = await Promise.all(asked);
      // Before, one statement at a time: never more than one message waiting on the thread.
      expect(most).toBeGreaterThan(8);
      expect(answers).toEqual(
        Array.from({ length: 16 }, (_, k) => (k % 2 ? [{ n: k * 2 }] : [{ ok: true, n: 2 * k }])),
      );
      const named = (remote as unknown as { named: Map<string, number[]> }).named;
      expect([...named.values()].filter((types) => types.length === 1)).toHaveLength(1);
    } finally {
      await remote.close();
    }
  });

  it('a failed statement in a transaction rolls back all of it, and the database goes on', async ({ skip }) => {
    if (t.database.kind !== 'pglite') skip();
    const client = clientOf();
    await client.exec('create temporary table if not exists remote_undo (n int primary key)');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into remote_undo values ($1)', [1]);
        await tx.query('insert into remote_undo values ($1)', [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query<{ n: number }>('select count(*)::int as n from remote_undo')).rows[0].n).toBe(0);
    const results = await client.exec('insert into remote_undo values (5); select n from remote_undo');
    expect(results.map((r) => r.rows)).toEqual([[], [{ n: 5 }]]);
  });

  it('a statement run unnamed (a search, a period) is planned each time, and reads its parameters as they are after DDL', async ({
    skip,
  }) => {
    if (t.database.kind !== 'pglite') skip();
    const client = clientOf();
    for (const day of ['2026-11-29', '2026-02-28'])
      expect((await client.query<{ d: string }>('select ($1::date + 1)::text as d', [day])).rows).toEqual([
        { d: day === '2026-11-29' ? '2026-11-30' : '2026-03-01' },
      ]);
    await client.exec('create temporary table remote_types (v int)');
    // Never kept (LIKE): its parameter's type is remembered by its text.
    const insert = "insert into remote_types (v) values ($1) returning v::text like '%' as ok";
    await client.query(insert, [5]);
    await client.query('alter table remote_types alter column v type jsonb using to_jsonb(v)');
    await client.query(insert, [{ cases: 2 }]);
    const { rows } = await client.query<{ v: unknown }>('select v from remote_types order by v::text');
    expect(rows).toEqual([{ v: 5 }, { v: { cases: 2 } }]);
  });

  it('a database whose thread ended fails every call with why, instead of waiting for ever', async ({ skip }) => {
    if (t.database.kind !== 'pglite') skip();
    const remote = await PgliteRemote.start({});
    expect((await remote.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    const long = remote.query('select count(*) from generate_series(1, 50000000)');
    // Until it has reached the thread, which is then busy with it.
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    await (remote as unknown as { link: PgliteLink }).link.kill();
    await expect(long).rejects.toThrow(/thread ended/);
    await expect(remote.query('select 1')).rejects.toThrow(/closed/);
  });
});
