// `npm test`: every test, units to browser. Builds the web app, runs Vitest
// (units, and the API on PGlite, and on PostgreSQL too when TEST_DATABASE_URL
// is set), then the Playwright flows in the system Chromium, and ends with
// one line counting them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'wd-results-'));
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

let passed = 0;
let failed = 0;
let broken = false;
// The names of what failed, printed again at the very end: CI keeps only the tail of the output.
const failures = [];
// Browser flows that failed once and passed on their retry: listed too, so a flake is seen, not hidden.
const flaky = [];
// The first two lines of an error, without terminal colours: enough to tell a timeout from a wrong
// value, and which locator or value it was.
const firstLine = (message) =>
  String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' · ')
    .slice(0, 300);
const because = (message) => (firstLine(message) ? `\n      ${firstLine(message)}` : '');

// How long each part took, in seconds: CI sizes its second run (on Node.js 24) from them.
const took = {};
const timed = (part, fn) => {
  const start = Date.now();
  const result = fn();
  took[part] = Math.round((Date.now() - start) / 1000);
  return result;
};

if (timed('build', () => run('npm', ['run', 'build', '--silent'])) !== 0) {
  console.error('The web build failed.');
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: API tests run on PGlite only.');
const vitestJson = join(dir, 'vitest.json');
// VITEST_PROJECTS=unit,api-postgres runs only those Vitest projects (CI's short second run).
const projects = (process.env.VITEST_PROJECTS ?? '')
  .split(',')
  .filter(Boolean)
  .map((name) => `--project=${name}`);
const vitestStatus = timed('vitest', () =>
  run('npx', [
    'vitest',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]),
);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  // A file that fails before any test runs (a syntax error, a failing hook) counts as one failure.
  for (const file of vitest.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const asserts = file.assertionResults ?? [];
    for (const a of asserts)
      if (a.status === 'failed') failures.push(`${where} › ${a.fullName}${because(a.failureMessages?.[0])}`);
    if (file.status === 'failed' && asserts.every((a) => a.status !== 'failed')) {
      failures.push(`${where}: ${(file.message ?? 'failed before its tests').split('\n')[0]}`);
    }
  }
  failed += (vitest.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
}
if (vitestStatus !== 0 && (!vitest || vitest.numFailedTests === 0)) broken = true;

if (process.env.SKIP_E2E !== '1') {
  const pwJson = join(dir, 'playwright.json');
  const pwStatus = timed('e2e', () =>
    run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson }),
  );
  const pw = readJson(pwJson);
  if (pw) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected;
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const name = `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`;
          const results = t.results ?? [];
          if (t.status === 'unexpected') failures.push(`${name}${because(results.at(-1)?.error?.message)}`);
          if (t.status === 'flaky') flaky.push(`${name}${because(results[0]?.error?.message)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of pw.suites ?? []) walk(suite, []);
  }
  if (pwStatus !== 0 && (!pw || pw.stats.unexpected === 0)) broken = true;
}

rmSync(dir, { recursive: true, force: true });
if (flaky.length > 0) {
  console.log(`\npassed on retry (Node.js ${process.version}):`);
  for (const name of flaky) console.log(`  ~ ${name}`);
}
if (failures.length > 0) {
  console.log(`\nfailed (Node.js ${process.version}):`);
  for (const name of failures) console.log(`  ✘ ${name}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed (Node.js ${process.version})`);
console.log(
  `took: ${Object.entries(took)
    .map(([part, s]) => `${part} ${s} s`)
    .join(', ')}`,
);
// CI runs the suite on two Node.js versions and adds the counts up.
if (process.env.TEST_SUMMARY_FILE) {
  writeFileSync(
    process.env.TEST_SUMMARY_FILE,
    JSON.stringify({ node: process.version, passed, failed, broken, failures, flaky, took }),
  );
}
process.exit(failed > 0 || broken || passed === 0 ? 1 : 0);
