// Route mode at a distributor's scale (`BENCH_ONLY=route DATABASE_URL=postgres://… npm run bench`):
// one server process (as `npm start` runs it) over a scratch PostgreSQL database beside
// DATABASE_URL's (dropped afterwards unless BENCH_KEEP=1), a 3,000-product catalog with three
// customer price groups of 2,000 items, and 21 drivers with 30 stops today (bench/route-seed.ts).
// Measured over loopback, beside GET /api/health at 10 clients from the same run:
//   1. the morning download of 20 devices one after another: time (p50/p95), bytes on the wire
//      (compressed, as a phone asks for it) and of JSON;
//   2. one device's day: 30 invoices of 40 lines, each with a cheque paid with a ~150 KB photo
//      and a signature, sent one after another (bench/route-device.ts);
//   3. 20 devices syncing their days at once: the total time and every answer's status;
// then every stored total is recomputed (bench/route-check.ts) and the download's reads are
// EXPLAIN ANALYZEd at this scale.
//   BENCH_DEVICES   devices of step 3 (default 20)
//   BENCH_PORT      the server's port (default: a free one)
import { createServer } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type RouteDownload, routeDownloadResponse, todayIn } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { type Database, openDatabase } from '../src/db/client.js';
import { createScratchDatabase, type ServerProcess, startServerProcess } from '../test/spawned-server.js';
import { load } from './load.js';
import { checkSyncs, explainDownload } from './route-check.js';
import { dayOfInvoices, deviceImages, type Expected, merge, type SyncResult, syncDay } from './route-device.js';
import { type Driver, GROUP_ITEMS, GROUPS, PRODUCTS, rawPost, STOPS, seedRoutes } from './route-seed.js';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const ms = (n: number) => n.toFixed(n >= 100 ? 0 : 1).padStart(8);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** GET /api/health at 10 clients for 5 s, from a worker thread (bench/load.ts). */
async function health(url: string) {
  const r = await load({
    address: url,
    method: 'GET',
    requests: [{ path: '/api/health' }],
    connections: 10,
    seconds: 5,
  });
  return `${r.rps.toFixed(0)} req/s (p50 ${r.p50.toFixed(1)} ms)`;
}

/** The median of 5 runs (ms). */
function median(run: () => unknown) {
  const times = Array.from({ length: 5 }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b)[2];
}

/** A driver's morning download as it travels (the device asks for br and gzip, as phones do): the bytes on the wire, decoded here. */
async function download(url: string, driver: Driver) {
  const res = await rawPost(url, '/route/download/', { deviceID: driver.deviceID }, driver.token, 'gzip, deflate, br');
  if (res.status !== 200) throw new Error(`download of ${driver.username}: ${res.status} ${res.bytes.toString()}`);
  const encoding = String(res.headers['content-encoding'] ?? 'identity');
  const plain =
    encoding === 'br' ? brotliDecompressSync(res.bytes) : encoding === 'gzip' ? gunzipSync(res.bytes) : res.bytes;
  const json = JSON.parse(plain.toString('utf8')) as RouteDownload;
  return { ms: res.ms, bytes: res.bytes.length, plainBytes: plain.length, encoding, json };
}

const HEAD = ['n', 'p50', 'p95', 'max', 'total s'];
function row(
  name: string,
  latencies: number[],
  totalMs: number | undefined,
  size: string,
  bad: number,
  verdict: string,
) {
  const s = [...latencies].sort((a, b) => a - b);
  console.log(
    name.padEnd(46),
    String(s.length).padStart(5),
    ms(pct(s, 50)),
    ms(pct(s, 95)),
    ms(s[s.length - 1] ?? 0),
    (totalMs === undefined ? '' : (totalMs / 1000).toFixed(1)).padStart(8),
    size.padEnd(34),
    String(bad).padStart(7),
    ` ${verdict}`,
  );
}
const nonOk = (r: SyncResult) => [...r.byStatus].reduce((n, [s, c]) => n + (s === 200 ? 0 : c), 0);

export async function routeBench(options: { baseUrl: string }): Promise<boolean> {
  const fleetSize = Number(process.env.BENCH_DEVICES ?? 20);
  const scratch = await createScratchDatabase('wd_route', options.baseUrl);
  const name = new URL(scratch.url).pathname.slice(1);
  let server: ServerProcess | undefined;
  let database: Database | undefined;
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    server = await startServerProcess(Number(process.env.BENCH_PORT ?? 0) || (await freePort()), {
      DATABASE_URL: scratch.url,
    });
    const url = server.url;
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
    await client.connect();
    const seedStarted = performance.now();
    const fixture = await seedRoutes(url, database.db, fleetSize);
    await database.db.execute(sql`analyze`);
    const seeded = (performance.now() - seedStarted) / 1000;
    const images = await deviceImages();
    const today = todayIn('America/Chicago');
    const { rows } = await client.query('select version()');

    console.log(
      `\nRoute mode: one server process over PostgreSQL (${name}; ${rows[0].version.split(',')[0]}), loopback`,
    );
    console.log(
      `seeded in ${seeded.toFixed(1)} s: ${PRODUCTS} products (+150 deleted), ${GROUPS} price groups × ${GROUP_ITEMS} items, ${fleetSize + 1} drivers × ${STOPS} stops today (20 of them in a price group)`,
    );
    console.log(`GET /api/health, 10 clients, same run: ${await health(url)} at the start`);

    // 1. The morning downloads: the single device's first (it warms the server), then the fleet's, one at a time.
    const cold = await download(url, fixture.solo);
    const downloads: Awaited<ReturnType<typeof download>>[] = [];
    for (const driver of fixture.fleet) downloads.push(await download(url, driver));
    const sample = downloads[0];
    const shape = downloads.every(
      (d) =>
        d.json.day.stops.length === STOPS &&
        d.json.products.length === PRODUCTS &&
        d.json.groupPrices.length === GROUPS * GROUP_ITEMS,
    );

    // 2. One device's day, sent one invoice after another.
    const soloDay = dayOfInvoices(cold.json, fixture.solo.deviceID, images, today);
    let started = performance.now();
    const solo = await syncDay(url, fixture.solo.token, soloDay);
    const soloMs = performance.now() - started;

    // 3. The fleet's days at once: each device sends its invoices one after another.
    const days = fixture.fleet.map((d, i) => dayOfInvoices(downloads[i].json, d.deviceID, images, today));
    started = performance.now();
    const fleet = merge(await Promise.all(fixture.fleet.map((d, i) => syncDay(url, d.token, days[i]))));
    const fleetMs = performance.now() - started;
    const healthAtEnd = await health(url);

    const expected = new Map<string, Expected>();
    for (const e of [...soloDay.expected, ...days.flatMap((d) => d.expected)]) expected.set(`Invoice/${e.number}`, e);
    const check = await checkSyncs(
      database.db,
      { fleet: fixture.fleet.map((d) => d.deviceID), solo: fixture.solo.deviceID },
      expected,
    );
    const plans = await explainDownload(database.db, client, fixture.fleet[0].id, fixture.groups);

    const body = Buffer.byteLength(soloDay.bodies[0]);
    const downloadMs = downloads.map((d) => d.ms).sort((a, b) => a - b);
    const worstBytes = Math.max(...downloads.map((d) => d.bytes));
    console.log(
      `\n${'measure'.padEnd(46)}`,
      ...HEAD.map((h, i) => (i === 0 ? h.padStart(5) : h.padStart(8))),
      'size'.padEnd(34),
      'non-200',
      ' target',
    );
    row(
      `route/download (${STOPS} stops, ${PRODUCTS} products)`,
      downloadMs,
      undefined,
      `${mb(sample.bytes)} on the wire (${sample.encoding}), ${mb(sample.plainBytes)} of JSON`,
      0,
      `< 3 s, < 5 MB: ${pct(downloadMs, 95) < 3000 && worstBytes < 5e6 ? 'met' : 'MISSED'}`,
    );
    // What the server does with the answer besides the SQL: the response schema's check and the JSON.
    const encodeMs = median(() => z.safeEncode(routeDownloadResponse, sample.json));
    const stringifyMs = median(() => JSON.stringify(sample.json));
    console.log(
      `${''.padEnd(46)}   of which, timed in this process: the response schema's check (z.safeEncode, as the serializer runs it) ${encodeMs.toFixed(0)} ms, JSON.stringify ${stringifyMs.toFixed(0)} ms`,
    );
    console.log(
      `${''.padEnd(46)}   first download after the start (cold): ${cold.ms.toFixed(0)} ms; ${sample.json.groupPrices.length} group prices; every download ${shape ? 'complete' : 'INCOMPLETE'}`,
    );
    row(
      `route/invoice: one device's day (30 × 40 lines)`,
      solo.latencies,
      soloMs,
      `${(body / 1024).toFixed(0)} KB per invoice (photo ${(images.chequeBytes / 1024).toFixed(0)} KB)`,
      nonOk(solo),
      `< 10 s: ${soloMs < 10_000 ? 'met' : 'MISSED'}`,
    );
    row(
      `route/invoice: ${fleetSize} devices at once (${fleetSize} × 30)`,
      fleet.latencies,
      fleetMs,
      `${(fleet.latencies.length / (fleetMs / 1000)).toFixed(1)} invoices/s, ${mb((body * fleet.latencies.length) / (fleetMs / 1000))}/s in`,
      nonOk(fleet),
      `0 non-200: ${nonOk(fleet) === 0 ? 'met' : 'MISSED'}`,
    );
    console.log(`GET /api/health, 10 clients, same run: ${healthAtEnd} at the end`);
    console.log('(ms; one device = its invoices one after another; size = the JSON as sent or answered)');
    for (const e of [...solo.errors, ...fleet.errors].slice(0, 5)) console.log(`  error: ${e}`);
    const mismatches = [...solo.mismatches, ...fleet.mismatches];
    for (const m of mismatches.slice(0, 5)) console.log(`  answered totals differ: ${m}`);
    console.log(`\nchecks: ${check.summary.join('\n        ')}`);
    console.log(`        answers: ${solo.flags + fleet.flags} flags raised, ${mismatches.length} totals differing`);
    console.log(
      check.problems.length
        ? `totals: ${check.problems.length} problems\n  ${check.problems.slice(0, 10).join('\n  ')}`
        : 'totals: every stored total recomputes, equals the SQL sums of its lines and payments, and what the device printed',
    );
    console.log(`\nthe download's reads at this scale (EXPLAIN ANALYZE, warm):\n${plans.join('\n')}`);
    return shape && nonOk(solo) === 0 && nonOk(fleet) === 0 && mismatches.length === 0 && check.problems.length === 0;
  } finally {
    await server?.stop();
    await database?.close();
    await client.end().catch(() => undefined);
    if (process.env.BENCH_KEEP === '1') {
      console.log(`kept the database ${name}`);
    } else await scratch.drop();
  }
}
