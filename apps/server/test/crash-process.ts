import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.js';

/** The repository's root: the server runs from there as `npm start` runs it. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Which database this test project runs on (vitest.config.ts). */
export const onPostgres = process.env.DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

/**
 * A new, empty database for real server processes: a data directory on the embedded
 * database, or a database created on the test PostgreSQL (dropped by `drop`).
 */
export interface Target {
  /** DATA_DIR and DATABASE_URL for the server's environment. */
  env: Record<string, string>;
  dataDir: string;
  databaseUrl?: string;
  /** Opens it in this process (no server may run on an embedded one meanwhile). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function newTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-proc-'));
  if (!onPostgres) {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dataDir,
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `wd_proc_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const databaseUrl = target.toString();
  return {
    env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, poolSize: 2 }),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface KillableServer {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once it prints `text`; rejects when it exits first. */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL when it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `node --import tsx apps/server/src/main.ts` with the given environment, without waiting. */
export function spawnServer(port: number, env: Record<string, string>): KillableServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  const printed = (wanted: string, timeoutMs = 180_000) =>
    new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', gone);
      };
      const check = () => {
        if (!text.includes(wanted)) return;
        cleanup();
        resolve();
      };
      const gone = () => {
        cleanup();
        reject(new Error(`the server exited before printing "${wanted}"; it printed:\n${text}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`the server did not print "${wanted}" in ${timeoutMs} ms; it printed:\n${text}`));
      }, timeoutMs);
      listeners.add(check);
      child.once('exit', gone);
      check();
    });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => text,
    printed,
    exited,
    async kill9() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop(graceMs = 30_000) {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Row counts of every table of the app (schema public), by name. */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    database,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = row.n;
  }
  return counts;
}

/** Calls the server's API (JSON, optional Token); answers the status and the parsed body. */
export async function api(base: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field
  return { status: res.status, body: json as any };
}
