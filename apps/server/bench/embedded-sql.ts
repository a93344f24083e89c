// Runs SQL files on an embedded (PGlite) data directory, as `psql -f` does on PostgreSQL: the
// bench's history and stock baseline (history.sql, stock-baseline.sql) on a data directory seeded
// by `DATA_DIR=… npm run seed`, so the matrix compares the embedded database with PostgreSQL over
// the same rows. Each file runs whole (its own BEGIN/COMMIT), then every table is vacuumed and
// analyzed as after any bulk load.
//
//   node --import tsx apps/server/bench/embedded-sql.ts /tmp/pglite50k \
//     apps/server/bench/stock-baseline.sql apps/server/bench/history.sql
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../src/db/client.js';
import { lockDataDir } from '../src/db/lock.js';
import { upkeepAfterBulkLoad } from '../src/db/pglite-upkeep.js';

const [dataDir, ...files] = process.argv.slice(2);
if (!dataDir || files.length === 0) {
  console.error('usage: embedded-sql.ts <data directory> <file.sql>…');
  process.exit(2);
}
const lock = lockDataDir(resolve(dataDir));
const client = await PGlite.create(join(resolve(dataDir), 'pglite'), { extensions: pgliteExtensions });
try {
  for (const file of files) {
    const started = performance.now();
    // VACUUM can not run among a file's other statements (one message is one transaction block):
    // left out, as the upkeep below vacuums every table.
    await client.exec(readFileSync(file, 'utf8').replace(/^\s*VACUUM\b[^;]*;/gim, ''));
    console.log(`${file}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = performance.now();
  await upkeepAfterBulkLoad(client);
  console.log(`vacuum and analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await client.close();
  lock.release();
}
