// `npm run bench`: starts the app on loopback with a seeded database and
// measures the API with autocannon, each scenario bounded in time.
// BENCH_SECONDS (default 5), BENCH_SCALE (demo data scale, default 1),
// DATABASE_URL to measure on PostgreSQL instead of the embedded database.
// Then the invoice PDF render time at 10 and 500 lines (bench/pdf.ts) and
// the browser's scan-to-row time at line 5 and 500 (bench/browser.ts).
import { resolve } from 'node:path';
import { todayIn } from '@wd/contracts';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedDemoData } from '../src/db/seed/index.js';
import { createUsersService } from '../src/modules/users/users.service.js';
import { canRunBrowser, scanToRow } from './browser.js';
import { dashboardScenarios } from './dashboard.js';
import { pdfRenderTimes } from './pdf.js';
import { scenarios } from './scenarios.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const webDist = process.env.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist');
const config = testConfig({ adminPassword: 'bench-admin-password', scryptN: 2 ** 15, webDist });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const app = await buildApp({ database, config });
await createUsersService(app.ctx).ensureAdmin();
await seedDemoData(database.db, { seed: 1, scale, today: todayIn(config.timeZone) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const signIn = await fetch(`${address}/api/user/signIn/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin', password: 'bench-admin-password' }),
});
const { token } = (await signIn.json()) as { token: string };

console.log(`Benchmark on ${database.kind}, ${seconds}s per scenario, demo scale ${scale}\n`);
console.log(
  'scenario'.padEnd(34),
  'req/s'.padStart(8),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'errors'.padStart(7),
);
for (const s of [...(await scenarios({ address, token, db: database.db })), ...dashboardScenarios()]) {
  const result = await autocannon({
    url: `${address}${s.path}`,
    method: s.method,
    headers: { 'content-type': 'application/json', Token: token },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
    connections: s.connections ?? 10,
    duration: seconds,
  });
  const errors = result.errors + result.non2xx;
  console.log(
    s.name.padEnd(34),
    result.requests.average.toFixed(0).padStart(8),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(errors).padStart(7),
  );
}
await (await import('./reports.js')).reportBench({ address, token, db: database.db, seconds });

console.log('\ninvoice PDF render (median, ms)');
for (const [lines, ms] of Object.entries(await pdfRenderTimes())) {
  console.log(`  ${lines} lines`.padEnd(34), String(ms).padStart(8));
}

if (canRunBrowser(webDist)) {
  const times = await scanToRow({ address, token, db: database.db, password: 'bench-admin-password' });
  console.log('\nbrowser scan-to-row (median of 3, ms)');
  for (const [line, ms] of Object.entries(times)) console.log(`  at line ${line}`.padEnd(34), String(ms).padStart(8));
} else console.log(`\nbrowser scan-to-row: skipped (no ${webDist}/index.html or no Chromium)`);
await app.close();
await database.close();
