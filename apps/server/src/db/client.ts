import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './lock.js';
import { PgliteRemote } from './pglite-remote.js';
import { upkeep, upkeepAfterBulkLoad } from './pglite-upkeep.js';
import { preparing } from './prepared.js';
import * as schema from './schema/index.js';
import { isContention } from './sql-state.js';

export type Schema = typeof schema;
/** The app's database handle: the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const here = dirname(fileURLToPath(import.meta.url));
/** The rows of `db.execute`: node-postgres and PGlite both answer { rows }. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const migrationsFolder = join(here, 'migrations');
/**
 * A migrated, empty embedded database that `npm run build` writes beside the built server
 * (build.mjs): a new data directory starts from it instead of PGlite's initdb and every
 * migration (first start ~1 s instead of ~4 s). Absent when running from the sources.
 */
export const emptyDatabaseDump = join(here, 'empty-database.tar.gz');
/**
 * PGlite's extensions: pg_trgm, so the migrations' trigram indexes (list searches) exist on the
 * embedded database too. Every PGlite opened on the app's data must load them.
 */
export const pgliteExtensions = { pg_trgm };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server instance on the same database runs its
   * own (a PostgreSQL advisory lock): start-up (migrations, the first admin,
   * demo data) of instances started together happens one after the other.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database's data directory as a gzipped tarball (PGlite only: backups). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * After a bulk load (demo data, `npm run seed`): the space of rewritten rows given back and
   * every table's statistics gathered, before anyone works on it.
   */
  afterBulkLoad(): Promise<void>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (any constant; 'wdstart' as a number). */
const STARTUP_LOCK = 0x7764_7374;

export interface OpenOptions {
  /** postgres://… ; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; '' or 'memory://' keeps it in memory. */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests). */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Told when an idle PostgreSQL connection fails (logged by the server). */
  onIdleError?: (error: Error) => void;
  /** 'transaction': the URL is a pooler in transaction mode (no named prepared statements). */
  pooler?: 'none' | 'transaction';
}

/** Databases reached through a transaction pooler (`statementName`). */
const pooled = new WeakSet<Db>();

/**
 * The name of a prepared statement on `db`: `name`, or '' (an unnamed statement, parsed on each
 * run) behind a transaction pooler, where the next run may land on a server connection that
 * never saw the statement. Drizzle still builds the query once either way.
 */
export function statementName(db: Db, name: string): string {
  return pooled.has(db) ? '' : name;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    if (options.pooler !== 'transaction') pool.on('connect', preparing);
    // Numeric aggregates (bigint, numeric) come back as text by default; cents fit in a double.
    const db = retryTransactions(drizzleNodePg(pool, { schema }) as unknown as Db);
    if (options.pooler === 'transaction') pooled.add(db);
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      // Autovacuum keeps the tables after this; it analyzes a freshly loaded table only later.
      async afterBulkLoad() {
        await pool.query('vacuum (analyze)');
      },
      // A transaction-level lock, held by a transaction left open on one connection while the
      // work runs on the others: it works through a transaction pooler too (the open transaction
      // keeps its server connection), and a process that dies lets it go with its connection.
      async exclusive(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await client.query('select pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          await client.query('commit').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? resolve(options.dataDir) : undefined;
  const dir = dataDir ? join(dataDir, 'pglite') : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  // PGlite is one process's database: a second process on the same files hands out the same ids
  // and loses writes. The lock file refuses it (docs/operations.md).
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  let client: PgliteRemote;
  try {
    // A new data folder, or a database in memory, starts from the built empty database.
    const loadDataDir = options.loadDataDir ?? emptyDatabaseFor(dir);
    client = await PgliteRemote.start({ dataDir: dir, loadDataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // One connection, never contention: nothing to retry.
  const db = retryTransactions(drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db, false);
  // PGlite has no autovacuum: every few minutes the tables with many dead rows are vacuumed and
  // the changed ones analyzed (db/pglite-upkeep.ts), and after migrating (every start, which also
  // catches by their size the tables an earlier process changed).
  const timer = setInterval(() => upkeep(client, DELTA_TABLES, { sizes: false }).catch(() => {}), UPKEEP_EVERY_MS);
  timer.unref();
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
      await upkeep(client);
    },
    async afterBulkLoad() {
      await upkeepAfterBulkLoad(client);
    },
    // One process owns an embedded database: nothing to wait for.
    exclusive: (work) => work(),
    dumpDataDir: () => client.dumpDataDir(),
    async close() {
      clearInterval(timer);
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

const UPKEEP_EVERY_MS = 5 * 60_000;
/** The tables the roll-up triggers append to and every fold empties (migrations 0026, 0032, 0043, 0052, 0067, 0068, 0073 and 0076). */
const DELTA_TABLES = [
  'invoice_day_total_deltas',
  'report_product_month_deltas',
  'report_party_month_deltas',
  'report_product_id_month_deltas',
  'product_sold_deltas',
  'stock_level_deltas',
  'stock_movement_count_deltas',
  'stock_movement_block_deltas',
  'audit_day_count_deltas',
  'outbox_status_count_deltas',
  'supplier_invoice_month_total_deltas',
  'expense_month_total_deltas',
];

/** The built empty database, for a data directory that holds no database yet or one in memory. */
function emptyDatabaseFor(dir: string | undefined): Blob | undefined {
  if ((dir && existsSync(join(dir, 'PG_VERSION'))) || !existsSync(emptyDatabaseDump)) return undefined;
  return new Blob([readFileSync(emptyDatabaseDump)], { type: 'application/x-gzip' });
}

/** Runs of a transaction the database gave up for contention, before the error is the caller's. */
export const TRANSACTION_ATTEMPTS = 5;

/** Waits a random time up to 10 ms × 2^attempt (full jitter), so two retried writers do not collide again. */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));

/** What a request adds to every outermost transaction it starts (see `withCommitHook`). */
type CommitHook = (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>;
const commitHooks = new AsyncLocalStorage<CommitHook>();

/**
 * Runs `fn` so that every outermost transaction it starts runs `hook` last, inside the
 * transaction, just before it commits: what the hook writes commits with the work or not at
 * all (an idempotent request marks its key as applied this way).
 */
export function withCommitHook<T>(hook: CommitHook, fn: () => T): T {
  return commitHooks.run(hook, fn);
}

/**
 * Wraps the outermost transactions of `db`: each runs the commit hook of its scope, if any
 * (`withCommitHook`); with `retries`, one the database gives up for contention (a deadlock or
 * a serialization failure: nothing of it was written) runs again, whole, up to
 * TRANSACTION_ATTEMPTS runs with a growing random pause. A transaction's callback therefore
 * only touches the database (no mail sent, no file written inside it). Savepoints (a
 * transaction inside a transaction) are not retried on their own: the outermost one is.
 */
export function retryTransactions(db: Db, retries = true): Db {
  const transaction = db.transaction.bind(db);
  const wrapped: Db['transaction'] = async (work, config) => {
    const hook = commitHooks.getStore();
    const run: typeof work = hook
      ? async (tx) => {
          const result = await work(tx);
          await hook(tx);
          return result;
        }
      : work;
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(run, config);
      } catch (error) {
        if (!retries || !isContention(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
        await backoff(attempt);
      }
    }
  };
  db.transaction = wrapped;
  return db;
}
