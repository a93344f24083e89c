import type { ColumnSpec } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import { expenses } from '../db/schema/index.js';
import { centsText } from './csv.js';
import { csvExportStream, exportQuery, TOO_MANY_EXPORTS } from './export.js';

const t = testApp();

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The expenses table as an export spec of its own (no joins): the shape every list's export has. */
const spec = () => ({
  from: (fields: Record<string, unknown>) => t.database.db.select(fields as never).from(expenses) as never,
  columns: { reference: expenses.reference, expense: expenses.expense, amount: expenses.amount },
  where: sql`${expenses.expense} like 'Export %'`,
  sortable: { amount: expenses.amount },
  order: [sql`${expenses.id}`],
});
const columns: ColumnSpec[] = [
  { key: 'expense', title: 'Expense', kind: 'text' },
  { key: 'amount', title: 'Amount', kind: 'money' },
];
const nColumn: ColumnSpec[] = [{ key: 'n', title: 'N', kind: 'count' }];

const openCursors = async () => {
  const { rows } = (await t.database.db.execute(
    sql`select count(*)::int as n from pg_cursors where name like 'wd_export_%'`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return rows[0].n;
};

describe('centsText', () => {
  it('writes any whole number of cents as exact dollars', () => {
    expect(['0', '5', '-5', '99', '100', '-100', '123456789', '2147483647', '-2147483648'].map(centsText)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '0.99',
      '1.00',
      '-1.00',
      '1234567.89',
      '21474836.47',
      '-21474836.48',
    ]);
  });
});

describe('csvExportStream', () => {
  it('reads the rows batch by batch through a cursor, in order, and closes it at the end', async () => {
    const amounts = [1, 0.05, 19.99, 100.1, 7];
    for (const [i, amount] of amounts.entries()) {
      const res = await t.call(
        'POST',
        '/api/expenses/insert/',
        { date: '2026-03-05', billerID: 1, expense: `Export ${i}, "quoted"`, category: '', amount },
        t.adminToken,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const query = exportQuery(spec(), [{ column: 'amount', order: 'desc' }], columns);
    const csv = await text(await csvExportStream(t.app.ctx, query, columns, 2));
    expect(parse(csv, { bom: true })).toEqual([
      ['Expense', 'Amount'],
      ['Export 3, "quoted"', '100.10'],
      ['Export 2, "quoted"', '19.99'],
      ['Export 4, "quoted"', '7.00'],
      ['Export 0, "quoted"', '1.00'],
      ['Export 1, "quoted"', '0.05'],
    ]);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(await openCursors()).toBe(0);
  });

  it('closes the cursor when the download stops half way', async () => {
    const stream = await csvExportStream(t.app.ctx, exportQuery(spec(), [], columns), columns, 1);
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await reader.next();
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await openCursors()).toBe(0);
    // The database still answers (the connection was handed back, the cursor's transaction ended).
    const res = await t.call('POST', '/api/expenses/all/', {}, t.adminToken);
    expect(res.statusCode).toBe(200);
  });

  it('closes the cursor and hands the connection back when the client leaves before the first read', async () => {
    const idle = () => {
      const pool = (t.database.db as unknown as { $client: { totalCount?: number; idleCount?: number } }).$client;
      return pool.totalCount === undefined ? 'pglite' : `${pool.idleCount}/${pool.totalCount}`;
    };
    for (let i = 0; i < 12; i++) {
      const stream = await csvExportStream(t.app.ctx, exportQuery(spec(), [], columns), columns, 1);
      stream.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await openCursors()).toBe(0);
    const state = idle();
    if (state !== 'pglite') expect(state.split('/')[0]).toBe(state.split('/')[1]);
    expect((await t.call('POST', '/api/expenses/all/', {}, t.adminToken)).statusCode).toBe(200);
  });

  it('takes at most four exports at once; the fifth is a 429 until one ends', async () => {
    const open = [];
    for (let i = 0; i < 4; i++)
      open.push(await csvExportStream(t.app.ctx, exportQuery(spec(), [], columns), columns, 1));
    await expect(csvExportStream(t.app.ctx, exportQuery(spec(), [], columns), columns, 1)).rejects.toMatchObject({
      statusCode: 429,
      message: TOO_MANY_EXPORTS,
    });
    open.pop()?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const another = await csvExportStream(t.app.ctx, exportQuery(spec(), [], columns), columns, 1);
    for (const stream of [...open, another]) stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await openCursors()).toBe(0);
  });

  it('PostgreSQL ending the connection while the download waits for its reader ends the download, not the server', async () => {
    if (t.database.kind !== 'postgres') return;
    // More rows than the stream buffers, so the cursor stays open with no query running.
    const many = { toSQL: () => ({ sql: 'select g::text as n from generate_series(1, 200000) g', params: [] }) };
    const stream = await csvExportStream(t.app.ctx, many, nColumn);
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ended = new Promise((resolve) => stream.once('close', resolve));
    // What the idle timeout does after 120 s, now.
    const killed = (await t.database.db.execute(
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where state = 'idle in transaction' and query like 'fetch%wd_export_%'`,
    )) as unknown as { rows: { ok: boolean }[] };
    expect(killed.rows).toEqual([{ ok: true }]);
    await ended;
    expect(stream.errored).toBeTruthy();
    // Its place among the four is free again, and the pool still answers.
    const next = [];
    for (let i = 0; i < 4; i++) next.push(await csvExportStream(t.app.ctx, exportQuery(spec(), [], columns), columns));
    for (const s of next) s.destroy();
    expect((await t.call('POST', '/api/expenses/all/', {}, t.adminToken)).statusCode).toBe(200);
  });

  it('a download nobody reads is ended after the idle time, on either database, freeing its place', async () => {
    const many = { toSQL: () => ({ sql: 'select g::text as n from generate_series(1, 200000) g', params: [] }) };
    const stream = await csvExportStream(t.app.ctx, many, nColumn, 1000, 200);
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(stream.errored?.message).toBe('nobody read the export');
    expect(await openCursors()).toBe(0);
  });

  it('refuses an unknown sort column before anything is sent', () => {
    expect(() => exportQuery(spec(), [{ column: 'nope', order: 'asc' }], columns)).toThrow(/sortingList column/);
  });
});
