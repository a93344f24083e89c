import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';
import { type Db, migrationsFolder, openDatabase } from './client.js';

const TRGM = [
  // The audit trail's search over its entries' values (0079).
  'audit_log_search_trgm_idx',
  // The customer list's search over its six columns joined (0081); company and name alone for
  // the aging and the reports.
  'customers_company_trgm_idx',
  'customers_name_trgm_idx',
  'customers_search_trgm_idx',
  // The supplier invoice and expense lists' searches (0047).
  'distributor_invoices_invoice_no_trgm_idx',
  'distributor_invoices_note_trgm_idx',
  // A supplier's payment history searched by reference or cheque number (0062).
  'distributor_payments_cheque_no_trgm_idx',
  'distributor_payments_reference_no_trgm_idx',
  // The expense list's search over its three columns joined (0082).
  'expenses_search_trgm_idx',
  'invoices_invoice_no_trgm_idx',
  // The outbox list's search: address, subject, the kept invoice number, last error (0068).
  'outbox_invoice_no_trgm_idx',
  'outbox_last_error_trgm_idx',
  'outbox_subject_trgm_idx',
  'outbox_to_trgm_idx',
  // product/filter's lookup (0018).
  'products_barcode_trgm_idx',
  // The searches over name, barcode and category (0058).
  'products_category_trgm_idx',
  'products_name_trgm_idx',
  // The settlement report's search (0059).
  'settlements_note_trgm_idx',
  // The stock ledger's search over the few noted movements (0072).
  'stock_movements_note_trgm_idx',
];

/**
 * Each index's options: none keeps a pending list (a search reads no unmerged list), but the
 * audit trail's, whose entries every scan writes (0079: merged a megabyte at a time).
 */
const OPTIONS = (name: string) =>
  name === 'audit_log_search_trgm_idx' ? 'fastupdate=on,gin_pending_list_limit=1024' : 'fastupdate=off';

async function trigramIndexes(db: Db) {
  const { rows } = (await db.execute(
    sql`select c.relname as name, coalesce(array_to_string(c.reloptions, ','), '') as options from pg_class c
        where c.relname like '%\\_trgm\\_idx' order by 1`,
  )) as unknown as { rows: { name: string; options: string }[] };
  return rows;
}

const t = testApp();

describe('trigram indexes of the list searches', () => {
  it('exist on a migrated database, PGlite and PostgreSQL alike, with a pending list only where said', async () => {
    const rows = await trigramIndexes(t.database.db);
    expect(rows.map((r) => r.name)).toEqual(TRGM);
    expect(rows.map((r) => r.options)).toEqual(TRGM.map(OPTIONS));
  });

  it.runIf(process.env.DB_KIND !== 'postgres')(
    'are added to an embedded database migrated before PGlite loaded pg_trgm',
    async () => {
      // Migrate as an older server did: PGlite without the extension, migrations up to 0015.
      const dir = mkdtempSync(join(tmpdir(), 'wd-trgm-'));
      try {
        cpSync(migrationsFolder, dir, { recursive: true });
        const journalFile = join(dir, 'meta', '_journal.json');
        const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
        journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 16);
        writeFileSync(journalFile, JSON.stringify(journal));
        const old = await PGlite.create();
        await migrate(drizzle(old), { migrationsFolder: dir });
        const { rows } = await old.query(`select 1 from pg_class where relname like '%\\_trgm\\_idx'`);
        expect(rows).toHaveLength(0);
        const dump = await old.dumpDataDir('none');
        await old.close();

        const database = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
        try {
          await database.migrate();
          const after = await trigramIndexes(database.db);
          expect(after.map((r) => r.name)).toEqual(TRGM);
          expect(after.map((r) => r.options)).toEqual(TRGM.map(OPTIONS));
        } finally {
          await database.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
