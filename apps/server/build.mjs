// Builds the server for production: one ESM file, dist/main.js, that plain
// Node runs. npm packages stay external (loaded from node_modules at run
// time); the workspace package @wd/contracts, which ships TypeScript sources,
// is bundled in. The SQL migrations and the embedded database's thread
// (pglite-thread.mjs) are copied next to it, where
// db/client.ts looks for them (a folder beside the running file), with a
// migrated empty embedded database (empty-database.tar.gz) that a first start
// loads instead of running PGlite's initdb and every migration (docs/operations.md).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        // A bare specifier (not ./, ../ or /) is a package: keep it external unless it is ours.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wd/') ? undefined : { external: true }));
      },
    },
  ],
});
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
// The embedded database's thread, loaded by db/pglite-remote.ts from beside the running file.
cpSync(join(here, 'src/db/pglite-thread.mjs'), join(dist, 'pglite-thread.mjs'));

// The extensions are db/client.ts's pgliteExtensions (a database that uses pg_trgm needs it loaded).
const empty = await PGlite.create({ extensions: { pg_trgm } });
await migrate(drizzle(empty), { migrationsFolder: join(dist, 'migrations') });
await empty.exec('analyze'); // statistics of the empty tables: the first start has nothing to analyze
const dump = await empty.dumpDataDir('gzip');
writeFileSync(join(dist, 'empty-database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
await empty.close();
console.log('Server built: apps/server/dist/main.js');
