import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import { type Db, retryTransactions, TRANSACTION_ATTEMPTS } from './client.js';

/** A database error as the driver throws it, wrapped the way Drizzle wraps it. */
const dbError = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

/** A Db whose transaction fails with `codes` in turn, then answers 'done'; counts its runs. */
function failing(codes: string[]) {
  const runs = { n: 0 };
  const db = {
    transaction: async () => {
      const code = codes[runs.n++];
      if (code) throw dbError(code);
      return 'done';
    },
  } as unknown as Db;
  return { db: retryTransactions(db), runs };
}

describe('transactions retried on contention', () => {
  it('a deadlock or a serialization failure runs the whole transaction again', async () => {
    const { db, runs } = failing(['40P01', '40001', '40P01']);
    await expect(db.transaction(async () => 'work')).resolves.toBe('done');
    expect(runs.n).toBe(4);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs with the database's error`, async () => {
    const { db, runs } = failing(Array(10).fill('40P01'));
    await expect(db.transaction(async () => 'work')).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(runs.n).toBe(TRANSACTION_ATTEMPTS);
  });

  it('any other error is not retried', async () => {
    const { db, runs } = failing(['23505']);
    await expect(db.transaction(async () => 'work')).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(runs.n).toBe(1);
  });
});

const t = testApp();

describe('two transactions that deadlock on PostgreSQL', () => {
  it('both commit: the one the database chose as victim is run again', async ({ skip }) => {
    if (t.database.kind !== 'postgres') skip();
    const db = t.database.db;
    await db.execute(sql`create table retry_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`);
    let runs = 0;
    // Each locks one row, waits until the other has locked its row, then asks for the other's: a deadlock.
    const both = { locked: 0 };
    const waitForBoth = async () => {
      both.locked++;
      for (let i = 0; i < 200 && both.locked < 2; i++) await new Promise((r) => setTimeout(r, 10));
    };
    const writer = (first: number, second: number) =>
      db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
        await waitForBoth();
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
      });
    await Promise.all([writer(1, 2), writer(2, 1)]);
    const rows = (await db.execute(sql`select id, n from retry_probe order by id`)) as unknown as {
      rows: { id: number; n: number }[];
    };
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
    expect(runs).toBe(3);
  });
});
