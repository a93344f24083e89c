import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from './client.js';
import { lockDataDir } from './lock.js';

/**
 * `npm run backup` / `npm run restore` (docs/operations.md, "Backup and restore"):
 * PostgreSQL through pg_dump's custom format and pg_restore; the embedded database as a
 * gzipped tarball of its data directory, taken while this process holds the directory's lock
 * (so no server writes meanwhile) and restored with PGlite's loadDataDir.
 */
export interface BackupTarget {
  /** postgres://… ; when absent the embedded database in dataDir. */
  databaseUrl?: string;
  /** DATA_DIR: the embedded database is in its `pglite` folder. */
  dataDir: string;
}

export type BackupKind = 'postgres' | 'pglite';

/** A backup or restore that can not be done; the message says what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The file's kind from its first bytes: pg_dump's custom format starts with PGDMP, a gzip with 1f 8b. */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new BackupError(
    `${file} is not a Wholesale Desk backup (neither a pg_dump custom file nor a gzipped data directory).`,
  );
}

/** The default file name of a new backup: the kind and the time, in the current folder. */
export function defaultBackupFile(kind: BackupKind, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `wholesale-desk-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`;
}

/** Writes a backup of the configured database to `file` (replaced if it exists). */
export async function backup(target: BackupTarget, file: string): Promise<BackupKind> {
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--file', file, '--dbname', target.databaseUrl]);
    return 'postgres';
  }
  const pgliteDir = join(resolve(target.dataDir), 'pglite');
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${resolve(target.dataDir)} (set DATA_DIR to its folder).`);
  }
  // openDatabase takes the data directory's lock: it refuses while a server has it open.
  const database = await openDatabase({ dataDir: target.dataDir });
  try {
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new BackupError('This database can not be dumped.');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return 'pglite';
}

/**
 * Restores `file` into the configured database: a new one (created on PostgreSQL when it
 * does not exist), or an existing one only with `force` (its tables are dropped first).
 */
export async function restore(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupKind> {
  const kind = backupKindOf(file);
  if (kind === 'postgres' && !target.databaseUrl) {
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to the new database.`,
    );
  }
  if (kind === 'pglite' && target.databaseUrl) {
    throw new BackupError(
      `${file} is a backup of the embedded database: restore it without DATABASE_URL, into DATA_DIR.`,
    );
  }
  if (target.databaseUrl) {
    await preparePostgres(target.databaseUrl, options.force ?? false);
    await run('pg_restore', [
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      target.databaseUrl,
      file,
    ]);
    return 'postgres';
  }
  const dataDir = resolve(target.dataDir);
  const pgliteDir = join(dataDir, 'pglite');
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    if (!options.force) {
      throw new BackupError(
        `${dataDir} already holds an embedded database: restore into a new DATA_DIR, or add --force to replace it.`,
      );
    }
    // Refuses while a server has it open; released before openDatabase takes it again.
    const lock = lockDataDir(dataDir);
    try {
      rmSync(pgliteDir, { recursive: true, force: true });
    } finally {
      lock.release();
    }
  }
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  await database.close();
  return 'pglite';
}

/** Creates the database when it does not exist; refuses one with tables unless `force`, which empties it. */
async function preparePostgres(databaseUrl: string, force: boolean) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) throw new BackupError('DATABASE_URL names no database to restore into.');
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      return;
    }
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0].n === 0) return;
    if (!force) {
      throw new BackupError(
        `The database ${name} is not empty (${rows[0].n} tables): restore into a new database, or add --force to replace its contents.`,
      );
    }
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

/** Runs a PostgreSQL client tool; a missing tool or a failure is a BackupError with its output. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools (for example the postgresql-client package), ` +
                "of the server's major version or newer, and make sure they are on PATH.",
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}
