import { sql } from 'drizzle-orm';
import type { Tx } from '../client.js';

/** A column for bulkInsert: its SQL name, its PostgreSQL type and one value per row. */
export type BulkColumn = [name: string, type: 'int' | 'bigint' | 'text' | 'date' | 'bool', values: unknown[]];

/**
 * Inserts many rows in one statement: one array parameter per column, spread
 * into rows by `unnest` (INSERT … SELECT FROM unnest($1::int[], $2::text[], …)).
 * A column is one parameter however many rows, so the 65,535-parameter limit
 * and per-row round trips never come into it.
 */
export async function bulkInsert(tx: Tx, table: string, columns: BulkColumn[]): Promise<void> {
  if (columns.length === 0 || columns[0][2].length === 0) return;
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  await tx.execute(sql`insert into ${sql.raw(`"${table}"`)} (${names}) select * from unnest(${arrays})`);
}

/**
 * Takes `count` consecutive values of a sequence and answers the first; the
 * sequence then stands at the last, so later rows continue after the seeded
 * ones. Seeding is the only writer while it runs.
 */
export async function reserve(tx: Tx, sequence: string, count: number): Promise<number> {
  if (count <= 0) return 0;
  const result = await tx.execute(
    sql`select setval(${sequence}::regclass, nextval(${sequence}::regclass) + ${count} - 1)::int as last`,
  );
  const rows = (result as unknown as { rows: { last: number }[] }).rows;
  return Number(rows[0].last) - count + 1;
}

/** The sequence behind a serial id column. */
export const idSequence = (table: string) => `${table}_id_seq`;

/** Runs at most `limit` tasks at once; `add` returns once its task has started, so the caller prepares the next. */
export class Pipeline {
  private running = new Set<Promise<void>>();
  constructor(private readonly limit: number) {}

  async add(task: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    const p: Promise<void> = task().finally(() => this.running.delete(p));
    this.running.add(p);
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
  }
}
