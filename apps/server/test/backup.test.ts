import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backup, backupKindOf, restore } from '../src/db/backup.js';
import type { Database } from '../src/db/client.js';
import { seedDemoData } from '../src/db/seed/index.js';
import { newTarget, onPostgres, repoRoot, rowsOf, type Target } from './crash-process.js';

/**
 * npm run backup / restore on the database of this test project: a seeded database is
 * backed up, restored into a new one, and every table compared (row count and a checksum of
 * its rows), with the sequences.
 */
const kind = onPostgres ? 'postgres' : 'pglite';
const files = mkdtempSync(join(tmpdir(), 'wd-backup-'));
const targets: Target[] = [];
let source: Target;
let sourceState: TableState;

async function target() {
  const t = await newTarget();
  targets.push(t);
  return t;
}

type TableState = Record<string, { rows: number; checksum: string | null }>;

/** Every table of the app and of the migrations' journal: row count and md5 of its rows in text order; every sequence's state. */
async function tableState(database: Database): Promise<TableState> {
  const tables = await rowsOf<{ name: string }>(
    database,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
  );
  const state: TableState = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ rows: number; checksum: string | null }>(
      database,
      sql`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as checksum
          from ${sql.raw(name)} t`,
    );
    state[name] = row;
  }
  const sequences = await rowsOf<{ name: string }>(
    database,
    sql`select format('%I.%I', schemaname, sequencename) as name from pg_sequences
        where schemaname in ('public', 'drizzle') order by 1`,
  );
  for (const { name } of sequences) {
    const [row] = await rowsOf<{ value: string }>(
      database,
      sql`select concat(last_value, ',', is_called) as value from ${sql.raw(name)}`,
    );
    state[`sequence ${name}`] = { rows: 1, checksum: row.value };
  }
  return state;
}

async function stateOf(t: Target) {
  const database = await t.open();
  try {
    return await tableState(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  source = await target();
  const database = await source.open();
  try {
    await database.migrate();
    await seedDemoData(database.db, { seed: 5, scale: 0.5, today: '2026-11-20' });
    await database.db.execute(sql`insert into app_state (key, value) values ('first_start', 'demo data loaded')`);
  } finally {
    await database.close();
  }
  sourceState = await stateOf(source);
}, 120_000);

afterAll(async () => {
  for (const t of targets) await t.drop();
  rmSync(files, { recursive: true, force: true });
});

describe(`backup and restore (${kind})`, () => {
  it('restores a backup into a new database with every table and sequence as it was', async () => {
    expect(sourceState['public.invoices'].rows).toBe(150);
    expect(sourceState['public.invoice_items'].rows).toBeGreaterThan(600);
    expect(sourceState['public.payments'].rows).toBeGreaterThan(50);
    expect(sourceState['drizzle.__drizzle_migrations'].rows).toBeGreaterThan(15);

    const file = join(files, `first.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
    expect(await backup(source, file)).toBe(kind);
    expect(backupKindOf(file)).toBe(kind);
    const copy = await target();
    expect(await restore(copy, file)).toBe(kind);
    const restored = await stateOf(copy);
    expect(Object.keys(restored)).toEqual(Object.keys(sourceState));
    expect(restored).toEqual(sourceState);
  }, 120_000);

  it('refuses to restore over a database that holds data, replaces it with --force', async () => {
    const file = join(files, `second.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
    await backup(source, file);
    const other = await target();
    const database = await other.open();
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    const refused = restore(other, file);
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(onPostgres ? /is not empty .* add --force/ : /already holds .* add --force/);
    await restore(other, file, { force: true });
    expect(await stateOf(other)).toEqual(sourceState);
  }, 120_000);

  it('refuses a backup of the other kind of database, and a file that is no backup', async () => {
    const notBackup = join(files, 'notes.txt');
    writeFileSync(notBackup, 'hello');
    await expect(restore(await target(), notBackup)).rejects.toThrow('is not a Wholesale Desk backup');
    const file = join(files, `third.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
    await backup(source, file);
    const wrongTarget = onPostgres
      ? { dataDir: join(files, 'nowhere') }
      : { dataDir: '', databaseUrl: 'postgres://x/y' };
    await expect(restore(wrongTarget, file)).rejects.toThrow(
      onPostgres ? 'is a PostgreSQL backup (pg_dump)' : 'is a backup of the embedded database',
    );
  });

  it.skipIf(!onPostgres)('says pg_dump is missing when the PostgreSQL client tools are not installed', async () => {
    const path = process.env.PATH;
    process.env.PATH = join(files, 'no-tools');
    try {
      await expect(backup(source, join(files, 'x.dump'))).rejects.toThrow(
        'pg_dump was not found: install the PostgreSQL client tools',
      );
    } finally {
      process.env.PATH = path;
    }
  });

  it.skipIf(onPostgres)(
    'refuses to back up an embedded database a process has open, saying to stop the server',
    async () => {
      const database = await source.open();
      try {
        const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/backup-cli.ts', 'backup'], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: source.dataDir, DATABASE_URL: '', INIT_CWD: files },
          encoding: 'utf8',
        });
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`The data directory ${source.dataDir} is in use by process ${process.pid}`);
        expect(result.stderr).toContain('stop the server, run the command again, then start the server');
      } finally {
        await database.close();
      }
    },
    60_000,
  );

  it('npm run backup and npm run restore do it from the command line', async () => {
    const copy = await target();
    // Run from another folder (--prefix): a relative file name is taken from where the command was typed.
    const npm = (args: string[], extra: Record<string, string>) =>
      spawnSync('npm', ['--prefix', repoRoot, 'run', '-s', ...args], {
        cwd: files,
        env: { ...process.env, ...extra },
        encoding: 'utf8',
      });
    const saved = npm(['backup', '--', 'cli-backup'], source.env);
    expect(saved.status, saved.stderr).toBe(0);
    const file = join(files, 'cli-backup');
    expect(saved.stdout).toContain(`to ${file}`);
    expect(existsSync(file)).toBe(true);
    const restored = npm(['restore', '--', file], copy.env);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Restored ${file} into`);
    expect(await stateOf(copy)).toEqual(sourceState);
  }, 120_000);
});
