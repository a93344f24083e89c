// The dependency check of `npm run lint`: dependency-cruiser reads every import of the server,
// the web app and the contracts (type-only ones too), checks the file rules of config.cjs, then
// groups the files into their units (a server module folder, a web feature, lib/, db/, …) and
// fails on any cycle between units. `--graph` prints the unit graphs as Mermaid instead
// (docs/architecture.md shows them).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

// A folder of its own with its own lock file: installed on first use (a fresh clone, CI).
if (!existsSync(join(here, 'node_modules/dependency-cruiser'))) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const done = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--silent'], { cwd: here, stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}
const { cruise } = await import(join(here, 'node_modules/dependency-cruiser/src/main/index.mjs'));
const config = createRequire(import.meta.url)('./config.cjs');

process.chdir(root);
const { output } = await cruise(['apps/server/src', 'apps/web/src', 'packages/contracts/src'], {
  ...config.options,
  ruleSet: { forbidden: config.forbidden },
  validate: true,
});

/** The unit a file belongs to: the cycles that matter are between these. */
function unitOf(path) {
  const m =
    path.match(/^apps\/server\/src\/(modules\/[^/]+|db\/seed|[^/]+)\//) ??
    path.match(/^apps\/web\/src\/(features\/[^/]+|[^/]+)\//) ??
    path.match(/^packages\/contracts\/src\//);
  if (!m) return path.match(/^apps\/(server|web)\/src\/[^/]+$/) ? path : null;
  const app = path.startsWith('apps/server') ? 'server' : path.startsWith('apps/web') ? 'web' : 'contracts';
  return m[1] ? `${app}/${m[1]}` : app;
}

const edges = new Map();
for (const mod of output.modules) {
  const from = unitOf(mod.source);
  if (!from) continue;
  for (const dep of mod.dependencies) {
    const to = unitOf(dep.resolved);
    if (!to || to === from) continue;
    const key = `${from}\u0000${to}`;
    if (!edges.has(key)) edges.set(key, []);
    edges.get(key).push(`${mod.source} → ${dep.resolved}`);
  }
}

if (process.argv.includes('--graph')) {
  for (const [side, title] of [
    ['server/modules/', 'Server modules'],
    ['web/features/', 'Web features'],
  ]) {
    console.log(`\n${title}:\n\n\`\`\`mermaid\nflowchart LR`);
    const lines = [...edges.keys()]
      .map((k) => k.split('\u0000'))
      .filter(([a, b]) => a.startsWith(side) && b.startsWith(side))
      .map(([a, b]) => `  ${a.slice(side.length)} --> ${b.slice(side.length)}`)
      .sort();
    console.log(lines.join('\n'));
    console.log('```');
  }
  process.exit(0);
}

// Strongly connected components of the unit graph (Tarjan): every one larger than a unit is a cycle.
const graph = new Map();
for (const key of edges.keys()) {
  const [a, b] = key.split('\u0000');
  if (!graph.has(a)) graph.set(a, []);
  if (!graph.has(b)) graph.set(b, []);
  graph.get(a).push(b);
}
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(v) {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component);
  }
}
for (const v of graph.keys()) if (!index.has(v)) visit(v);

const violations = output.summary.violations.filter((v) => v.rule.severity === 'error');
for (const v of output.summary.violations) {
  const via = v.cycle ? ` (${v.cycle.map((c) => c.name ?? c).join(' → ')})` : '';
  console.error(`${v.rule.severity} ${v.rule.name}: ${v.from} → ${v.to}${via}`);
}
for (const cycle of cycles) {
  const members = new Set(cycle);
  console.error(`unit cycle: ${cycle.sort().join(', ')}`);
  for (const [key, files] of edges) {
    const [a, b] = key.split('\u0000');
    if (members.has(a) && members.has(b))
      console.error(`  ${a} → ${b}: ${files[0]}${files.length > 1 ? ` (+${files.length - 1})` : ''}`);
  }
}
const units = graph.size;
const summary = `dependency check: ${output.summary.totalCruised} files, ${units} units, ${violations.length} rule violations, ${cycles.length} unit cycles`;
if (violations.length || cycles.length) {
  console.error(summary);
  process.exit(1);
}
console.log(summary);
