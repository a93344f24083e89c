// Builds the server for production: one ESM file, dist/main.js, that plain
// Node runs. npm packages stay external (loaded from node_modules at run
// time); the workspace package @wd/contracts, which ships TypeScript sources,
// is bundled in. The SQL migrations are copied next to it, where
// db/client.ts looks for them (a folder beside the running file).
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
console.log('Server built: apps/server/dist/main.js');
