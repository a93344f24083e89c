// `npm run bench`: the app on loopback over a scale database, measured from a
// worker thread (bench/load.ts), each scenario bounded in time. Prints one
// table: per call req/s and p50/p95/p99 at 1 and 10 clients beside a bare
// Fastify hello-world and GET /api/health from the same run, the raw SQL time
// of the statements the call runs and API p50 ÷ SQL; the scan at an offered
// rate and closed-loop; then the reports (bench/reports.ts), the invoice and statement PDFs
// (bench/pdf.ts), Export CSV and the 10,000-product import (bench/data-io.ts)
// and the browser (bench/browser.ts, bench/browser-open.ts).
// BENCH_ONLY=writers runs the many-writers load instead (bench/writers.ts: two server
// processes over a scratch database beside DATABASE_URL's, 2 × 20 clients of mixed writes,
// deadlocks and lock waits, then every total checked and 1,000 keyed writes replayed).
// BENCH_ONLY=route runs route mode instead (bench/route.ts: one server process over a scratch
// database beside DATABASE_URL's, a 3,000-product catalog: the morning download of a 30-stop route,
// one device's day of 30 invoices, 20 devices syncing at once, then every total checked).
// BENCH_ONLY=matrix runs the matrix of read calls alone (bench/matrix.ts; BENCH_MATRIX_CALLS a regular
// expression of call names such as `invoice\.list`, BENCH_MATRIX_SECONDS, BENCH_MATRIX_OUT/BASE/LIMIT).
// BENCH_ONLY=lighthouse runs Lighthouse alone (bench/lighthouse.ts: the mobile profile on /invoices
// signed in, beside the sign-in page, 3 runs each); a full run ends with it.
//   BENCH_SECONDS   seconds per measurement (default 5)
//   BENCH_INVOICES  invoices to seed (or BENCH_SCALE: 300 invoices each, default 1)
//   DATABASE_URL    PostgreSQL (seeded when it holds no invoice, reused otherwise);
//                   without it an in-memory embedded database is seeded, or
//   BENCH_DATA_DIR  an embedded database's data directory (seeded when empty, reused otherwise)
//   BENCH_ONLY      a regular expression: only the calls whose name matches
//   BENCH_SCAN_RATE offered scans per second (default 200); WEB_DIST the built web app
//   BENCH_PORT      the app's port (hello-world on the next); default: any free port
import { resolve } from 'node:path';
import { canRunBrowser, scanToRow } from './browser.js';
import { invoiceOpenTime } from './browser-open.js';
import { type LoadResult, load } from './load.js';
import { pdfRenderTimes } from './pdf.js';
import { scanBench } from './scan.js';
import { scenarios } from './scenarios.js';
import { BENCH_PASSWORD, BENCH_USER, setUp } from './setup.js';
import { captureSql, timeSql } from './sql-time.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
if (only?.test('writers')) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl?.startsWith('postgres')) throw new Error('BENCH_ONLY=writers needs DATABASE_URL (a PostgreSQL server)');
  const { writersBench } = await import('./writers.js');
  const ok = await writersBench({
    baseUrl,
    seconds: Number(process.env.BENCH_SECONDS ?? 60),
    clients: Number(process.env.BENCH_CLIENTS ?? 20),
  });
  process.exit(ok ? 0 : 1);
}
if (only?.test('route')) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl?.startsWith('postgres')) throw new Error('BENCH_ONLY=route needs DATABASE_URL (a PostgreSQL server)');
  const { routeBench } = await import('./route.js');
  process.exit((await routeBench({ baseUrl })) ? 0 : 1);
}
const webDist = process.env.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist');
const started = performance.now();
const bench = await setUp({ webDist });
const { address, token, db, app } = bench;
const lighthouseRun = async () => {
  if (!canRunBrowser(webDist)) return console.log(`\nLighthouse: skipped (no ${webDist}/index.html or no Chromium)`);
  const { lighthouseBench, printLighthouse } = await import('./lighthouse.js');
  printLighthouse(await lighthouseBench({ address, user: BENCH_USER, password: BENCH_PASSWORD }));
};
if (only?.test('lighthouse')) {
  console.log(`Lighthouse on ${bench.summary}`);
  await lighthouseRun();
  await bench.close();
  process.exit(0);
}

const fmt = (n: number | undefined, width = 7) =>
  (n === undefined ? '' : n >= 100 ? n.toFixed(0) : n.toFixed(1)).padStart(width);
const cells = (r?: LoadResult) =>
  r ? [r.rps, r.p50, r.p95, r.p99].map((n) => fmt(n)) : ['', '', '', ''].map(() => fmt(undefined));
const NAME = 44;
function row(name: string, one?: LoadResult, ten?: LoadResult, sqlMs?: number, note = '') {
  const errors = (one?.errors ?? 0) + (ten?.errors ?? 0);
  const ratio = sqlMs && one ? fmt(one.p50 / sqlMs, 6) : fmt(undefined, 6);
  console.log(
    name.slice(0, NAME).padEnd(NAME),
    ...cells(one),
    '│',
    ...cells(ten),
    '│',
    fmt(sqlMs, 7),
    ratio,
    errors ? ` ${errors} errors` : '',
    note,
  );
}

console.log(`Benchmark on ${bench.summary}; ${seconds} s per measurement, loopback, load from a worker thread\n`);
console.log(''.padEnd(NAME), '1 client'.padEnd(31), '│', '10 clients'.padEnd(31), '│', 'SQL ms'.padStart(7), 'API÷SQL');
console.log(
  'call'.padEnd(NAME),
  ...['req/s', 'p50', 'p95', 'p99'].map((h) => h.padStart(7)),
  '│',
  ...['req/s', 'p50', 'p95', 'p99'].map((h) => h.padStart(7)),
  '│',
);
const measure = async (
  method: 'GET' | 'POST' | 'PATCH',
  requests: { path: string; body?: unknown }[],
  base = address,
) => {
  const opts = { address: base, method, token, requests, seconds };
  return [await load({ ...opts, connections: 1 }), await load({ ...opts, connections: 10 })] as const;
};
row('hello-world (bare Fastify, same process)', ...(await measure('GET', [{ path: '/' }], bench.helloAddress)));
row('GET /api/health', ...(await measure('GET', [{ path: '/api/health' }])));
for (const s of await scenarios({ db })) {
  if (only && !only.test(s.name)) continue;
  // One call first: warms the app and the caches, and gives the statements it runs.
  const statements = await captureSql(app, db, s.method, token, s.requests[0]);
  const sqlMs = s.sql ? await timeSql(db, statements) : undefined;
  const [one, ten] = await measure(s.method, s.requests);
  row(s.name, one, ten, sqlMs, s.sql ? ` (${statements.length} statements)` : '');
}
if (!only || only.test('scan')) {
  for (const { name, result } of await scanBench({ address, token, db, seconds })) {
    row(name, undefined, result, undefined, ` (${result.count} scans, ${result.rps.toFixed(0)}/s answered)`);
  }
}
// The baseline again: the machine's load drifts over a run (other processes share the 2 cores).
row('GET /api/health (again, at the end)', ...(await measure('GET', [{ path: '/api/health' }])));
console.log('(ms; SQL: the statements one call runs, timed one after another on the driver; API÷SQL at 1 client, p50)');

if (!only || only.test('matrix')) {
  const calls = process.env.BENCH_MATRIX_CALLS ? new RegExp(process.env.BENCH_MATRIX_CALLS, 'i') : undefined;
  await (await import('./matrix.js')).matrixBench({ address, token, db, app, only: calls });
}
if (!only || only.test('reports')) {
  await (await import('./reports.js')).reportBench({ address, token, db, seconds });
}
if (!only || only.test('data-io')) {
  await (await import('./data-io.js')).dataIoBench({ address, token });
}
if (!only || only.test('pdf')) {
  console.log('\nPDF render (median, ms)');
  for (const { label, ms } of await pdfRenderTimes()) console.log(`  ${label}`.padEnd(34), String(ms).padStart(8));
}
if (!only || only.test('browser')) {
  if (canRunBrowser(webDist)) {
    const who = { address, token, db, user: BENCH_USER, password: BENCH_PASSWORD };
    const times = await scanToRow(who);
    console.log('\nbrowser (median of 3, ms)');
    for (const [line, ms] of Object.entries(times))
      console.log(`  scan-to-row at line ${line}`.padEnd(34), String(ms).padStart(8));
    const opened = await invoiceOpenTime(who);
    console.log('  open a 500-line invoice'.padEnd(34), String(opened.fromBlank).padStart(8));
    console.log('    the same, from the invoice list'.padEnd(34), String(opened.fromApp).padStart(8));
  } else console.log(`\nbrowser: skipped (no ${webDist}/index.html or no Chromium)`);
}
if (!only) await lighthouseRun();
console.log(`\nbench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
await bench.close();
