import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, pgliteExtensions } from '../../db/client.js';
import { settingsRepository } from './settings.repository.js';

/**
 * What migration 0040 gives a database: a new one starts on A4 (the defaults,
 * no settings row); one already in use, which printed on Letter until then,
 * keeps Letter, whether its settings were saved or only its invoices say it is
 * in use. Each starts from a database migrated up to 0039, as the server
 * before the paper setting left it.
 */

let dir: string;
let before: File | Blob;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wd-paper-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0040');
  writeFileSync(journalFile, JSON.stringify(journal));
  const old = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle(old), { migrationsFolder: dir });
  before = await old.dumpDataDir('none');
  await old.close();
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The paper after the migration of a database that held what `setup` writes. */
async function paperAfter(setup: string) {
  const pg = await PGlite.create({ extensions: pgliteExtensions, loadDataDir: before });
  try {
    if (setup) await pg.exec(setup);
    const db = drizzle(pg);
    await migrate(db, { migrationsFolder });
    const settings = await settingsRepository.read(db as never);
    const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from settings');
    return { paperSize: settings.paperSize, rows: rows[0].n, resultsPerPage: settings.resultsPerPage };
  } finally {
    await pg.close();
  }
}

describe.runIf(process.env.DB_KIND !== 'postgres')('migration 0040 (paper size)', () => {
  it('a new database: A4, still no settings row', async () => {
    expect(await paperAfter('')).toEqual({ paperSize: 'A4', rows: 0, resultsPerPage: 10 });
  }, 60_000);

  it('a database whose settings were saved: Letter, the other settings as they were', async () => {
    const saved = `insert into settings (id, results_per_page) values (1, 25)`;
    expect(await paperAfter(saved)).toEqual({ paperSize: 'Letter', rows: 1, resultsPerPage: 25 });
  }, 60_000);

  it('a database with invoices but settings never saved: Letter, in a row of the defaults', async () => {
    const invoice = `insert into invoices (invoice_no, date) values ('Invoice/1', '2026-01-05')`;
    expect(await paperAfter(invoice)).toEqual({ paperSize: 'Letter', rows: 1, resultsPerPage: 10 });
  }, 60_000);
});
