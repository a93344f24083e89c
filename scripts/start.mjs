// `npm start`: builds the web app and the server when their build is missing
// or older than their sources, then runs the compiled server with plain Node
// (it migrates the database, creates the first admin and serves everything).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => join(root, path);

/** The newest modification time of a file or of any file under a folder. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** True when `output` is missing or older than one of `sources`. */
const stale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map(newest));

const contracts = [at('packages/contracts/src'), at('packages/contracts/package.json')];
const builds = [
  {
    name: 'the web app',
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/public'),
      at('apps/web/vite.config.ts'),
      ...contracts,
    ],
  },
  {
    name: 'the server',
    workspace: 'apps/server',
    output: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('apps/server/build.mjs'), ...contracts],
  },
];
for (const { name, workspace, output, sources } of builds) {
  if (!stale(output, sources)) continue;
  console.log(`Building ${name}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
