import { Readable } from 'node:stream';
import { type ColumnSpec, type SortItem, todayIn } from '@wd/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client.js';
import type { EmbeddedClient } from '../db/pglite-remote.js';
import type { AppContext } from './context.js';
import { csvHeading, csvLines, csvRecord, UTF8_BOM } from './csv.js';
import { TooManyRequestsError } from './errors.js';
import { type ListSpec, orderBy } from './list.js';
import { sendDownload } from './send-file.js';

/**
 * Export CSV of a list (docs/export.md): every row the list's filter matches,
 * in the list's sort order, streamed from a database cursor a batch at a time
 * so a list of any length is written without holding it in memory.
 */

/** Rows fetched from the cursor at a time. */
export const EXPORT_BATCH = 1000;

/** The part of a list's spec an export needs: its joins, filter, sort allow-list and default order. */
export type ExportSpec = Pick<
  ListSpec<SelectedFields, Record<string, SQL>>,
  'from' | 'where' | 'sortable' | 'order'
> & {
  columns: Record<string, AnyColumn | SQL>;
};

/**
 * The list's statement without a page: the export's columns (each as text under
 * its key), the list's joins and filter, its ORDER BY (a bad sort column is a
 * 400 before anything is sent). `extra` gives a column the CSV writes other than
 * the list's selection does (a type's label instead of its code).
 */
export function exportQuery(
  spec: ExportSpec,
  sortingList: SortItem[] | undefined,
  columns: readonly ColumnSpec[],
  extra: Record<string, AnyColumn | SQL> = {},
): ExportQuery {
  const fields: Record<string, SQL.Aliased> = {};
  for (const { key } of columns) {
    const expression = Object.hasOwn(extra, key) ? extra[key] : spec.columns[key];
    if (!expression) throw new Error(`export column ${key} is not in the list's selection`);
    fields[key] = sql`(${expression})::text`.as(key);
  }
  const order = orderBy(sortingList, spec.sortable, spec.order);
  const statement = spec
    .from(fields)
    .where(spec.where)
    .orderBy(...order) as unknown as ExportQuery;
  // Only its text and parameters: a query builder is a thenable, which an await would run.
  return { toSQL: () => statement.toSQL() };
}

/** A built statement: its text and parameters. */
export interface ExportQuery {
  toSQL(): { sql: string; params: unknown[] };
}

type Row = Record<string, unknown>;

/**
 * The rows of `query` in batches, through a cursor. PostgreSQL: a read-only
 * repeatable-read transaction on a connection of its own (nothing else waits).
 * The embedded database has one connection: a WITH HOLD cursor keeps the
 * result inside the database, so other requests run between the batches.
 * Stopping early (the download was cancelled) closes the cursor.
 */
async function* cursorRows(
  ctx: AppContext,
  query: ExportQuery,
  batch: number,
  onLost: (error: Error) => void,
): AsyncGenerator<Row[]> {
  const client = (ctx.db as Db & { $client: pg.Pool | EmbeddedClient }).$client;
  const { sql: text, params } = query.toSQL();
  const name = `wd_export_${++cursorCount}`;
  if (ctx.kind === 'postgres') {
    const connection = await (client as pg.Pool).connect();
    let done = false;
    let broken: Error | undefined;
    // While it waits for its reader no query runs on the connection, so PostgreSQL ending it
    // (the idle timeout, a restart) is an 'error' event, which the pool does not listen to on
    // a checked-out client: unheard, Node would end the process. Heard, the download ends.
    const lost = (error: Error) => {
      broken = error;
      onLost(error);
    };
    connection.on('error', lost);
    try {
      await connection.query('begin isolation level repeatable read read only');
      // A download nobody reads any more must not keep the connection and its snapshot for ever.
      await connection.query(`set local idle_in_transaction_session_timeout = '${EXPORT_IDLE_SECONDS}s'`);
      await connection.query(`declare ${name} no scroll cursor for ${text}`, params);
      for (;;) {
        const { rows } = await connection.query<Row>(`fetch ${batch} from ${name}`);
        if (rows.length === 0) break;
        yield rows;
      }
      await connection.query('commit');
      done = true;
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      if (!done && !broken) await connection.query('rollback').catch((error: Error) => (broken = error));
      // A connection the server ended (the idle timeout) is dropped from the pool, not reused.
      connection.release(broken);
      connection.off('error', lost);
    }
    return;
  }
  const pglite = client as EmbeddedClient;
  await pglite.query(`declare ${name} no scroll cursor with hold for ${text}`, params);
  try {
    for (;;) {
      const { rows } = await pglite.query<Row>(`fetch ${batch} from ${name}`);
      if (rows.length === 0) break;
      yield rows;
    }
  } finally {
    await pglite.query(`close ${name}`).catch(() => {});
  }
}
let cursorCount = 0;

/**
 * The CSV of `query`: the heading row, then the rows a batch at a time, as a
 * stream the reply sends. The cursor is opened and the first batch read before
 * it resolves, so a failing statement is an error answer, not a cut download.
 * However the stream ends (read to the end, an error, or destroyed before its
 * first read because the client left), the cursor is closed and its
 * connection handed back.
 */
export async function csvExportStream(
  ctx: AppContext,
  query: ExportQuery,
  columns: readonly ColumnSpec[],
  batch = EXPORT_BATCH,
  idleMs = EXPORT_IDLE_SECONDS * 1000,
): Promise<Readable> {
  if (running >= MAX_EXPORTS) throw new TooManyRequestsError(TOO_MANY_EXPORTS);
  running++;
  let finished = false;
  // A download nobody reads for EXPORT_IDLE_SECONDS is ended here too (the embedded database
  // has no server-side timeout), so a paused download can't keep one of the four places.
  let idle: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stream?.destroy(new Error('nobody read the export')), idleMs);
    idle.unref();
  };
  const finish = async () => {
    if (finished) return;
    finished = true;
    clearTimeout(idle);
    running--;
    await batches.return(undefined);
  };
  let stream: Readable | undefined;
  const batches = cursorRows(ctx, query, batch, (error) => stream?.destroy(error));
  let first: IteratorResult<Row[]>;
  try {
    first = await batches.next();
  } catch (error) {
    await finish().catch(() => {});
    throw error;
  }
  const lines = (rows: Row[]) => csvLines(rows.map((row) => csvRecord(columns, row)));
  let headed = false;
  stream = new Readable({
    async read() {
      touch();
      try {
        if (!headed) {
          headed = true;
          this.push(UTF8_BOM + csvLines([csvHeading(columns)]));
          if (first.done) this.push(null);
          else this.push(lines(first.value));
          return;
        }
        const next = await batches.next();
        if (next.done) {
          await finish();
          this.push(null);
        } else this.push(lines(next.value));
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      finish().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
  return stream;
}

/** Exports streaming at once in this process: fewer than the PostgreSQL pool's 10 connections. */
const MAX_EXPORTS = 4;
let running = 0;
export const TOO_MANY_EXPORTS = 'Other exports are being written; try again in a moment';
/** How long an export's transaction may wait for its reader before PostgreSQL ends it. */
export const EXPORT_IDLE_SECONDS = 120;

/** A CSV file made for one request: held in memory (a report) or streamed (a list). */
export interface CsvFile {
  fileName: string;
  body: Buffer | Readable;
}

/**
 * A list's Export CSV: the statement's rows streamed under `columns` as `<name>-<today>.csv`.
 * The repository builds the statement (exportQuery); what goes on the wire is the route's.
 */
export async function listCsv(
  ctx: AppContext,
  name: string,
  query: ExportQuery,
  columns: readonly ColumnSpec[],
): Promise<CsvFile> {
  return { fileName: `${name}-${todayIn(ctx.config.timeZone)}.csv`, body: await csvExportStream(ctx, query, columns) };
}

/** Sends a CSV file as a download (Fastify pipes a stream as it is; the call's binary response schema only documents it). */
export function sendCsv(reply: FastifyReply, file: CsvFile) {
  return sendDownload(reply, 'text/csv; charset=utf-8', file.fileName, file.body) as unknown as Uint8Array;
}

/**
 * A list's Export CSV handler: the repository's statement for the call's body (`statement`),
 * its rows streamed under `columns` as `<name>-<today>.csv`.
 */
export function csvExportHandler<B>(
  ctx: AppContext,
  name: string,
  columns: readonly ColumnSpec[],
  statement: (db: Db, body: B) => ExportQuery | Promise<ExportQuery>,
) {
  return async ({ body, reply }: { body: B; reply: FastifyReply }) =>
    sendCsv(reply, await listCsv(ctx, name, await statement(ctx.db, body), columns));
}
