// Data in and out (docs/import.md, docs/export.md): the import of 10,000 new
// products on a fresh embedded database (the issue asks under 30 s), and the
// streamed Export CSV of the bench database's largest lists with the server's
// peak heap growth while it streams (it must not grow with the row count).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeBarcode } from '@wd/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';

const PASSWORD = 'bench-import-password';

/** `count` new products with valid UPC-As (from 400000000000 up), as the file a distributor brings. */
export function productsCsv(count: number): string {
  const rows = [
    ['Name', 'Barcode', 'Category', 'Cost Price', 'Selling Price', 'Suggested Retail Price', 'Unit Quantity'],
  ];
  for (let i = 0; i < count; i++) {
    const r = normalizeBarcode('upca', String(40_000_000_000 + i));
    if (!r.ok) throw new Error(r.message);
    const cents = 100 + (i % 900);
    rows.push([
      `Bench item ${i}, "${i % 7} pack"`,
      r.barcode,
      `Category ${i % 40}`,
      (cents / 200).toFixed(2),
      (cents / 100).toFixed(2),
      ((cents * 1.5) / 100).toFixed(2),
      String(1 + (i % 24)),
    ]);
  }
  return stringify(rows, { record_delimiter: 'windows' });
}

/** A multipart import call; the answer's text, and when each of its chunks arrived (ms from the start). */
async function post(address: string, token: string, path: string, file: string, options: unknown) {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', new Blob([file], { type: 'text/csv' }), 'products.csv');
  const started = performance.now();
  const res = await fetch(`${address}/api${path}`, { method: 'POST', headers: { token }, body: form });
  const arrivals: number[] = [];
  const parts: Buffer[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    arrivals.push(performance.now() - started);
    parts.push(Buffer.from(chunk));
  }
  const text = Buffer.concat(parts).toString('utf8');
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  return Object.assign(text, { arrivals });
}

/** The import on a new embedded database in a temporary directory, through HTTP like the screen. */
async function importBench(count: number) {
  const dir = await mkdtemp(join(tmpdir(), 'wd-import-bench-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
    await database.db
      .insert(users)
      .values({ username: 'importer', email: '', type: 'admin', passwordHash: await hashPassword(PASSWORD, 2 ** 10) });
    const app = await buildApp({ database, config: testConfig({}) });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const signIn = await fetch(`${address}/api/user/signIn/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'importer', password: PASSWORD }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const file = productsCsv(count);
      let started = performance.now();
      const preview = JSON.parse(await post(address, token, '/import/products/preview', file, {}));
      const previewMs = performance.now() - started;
      started = performance.now();
      const answer = await post(address, token, '/import/products/run', file, { mapping: preview.mapping });
      const events = answer
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const runMs = performance.now() - started;
      const done = events.at(-1);
      const [{ n }] = (
        (await database.db.execute(
          sql`select count(*)::int as n from products where name like 'Bench item %'`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      // The same file again, updating: every row matched, none changed.
      started = performance.now();
      const again = (
        await post(address, token, '/import/products/run', file, { mapping: preview.mapping, onMatch: 'update' })
      )
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .at(-1);
      const againMs = performance.now() - started;
      // The progress bar moves only if the events arrive while the import runs, not all at its end.
      const firstEventMs = answer.arrivals[0];
      return {
        previewMs,
        runMs,
        done,
        stored: n,
        bytes: file.length,
        progress: events.length - 1,
        chunks: answer.arrivals.length,
        firstEventMs,
        againMs,
        again,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One list's Export CSV from the bench's app: time, rows, bytes and the heap's growth while it streamed. */
async function exportOnce(address: string, token: string, path: string, sampleHeap: boolean) {
  globalThis.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  // The embedded database's memory is outside the JavaScript heap (WebAssembly): the process's resident size shows it.
  const rssBase = process.memoryUsage().rss;
  let rssPeak = rssBase;
  // With --expose-gc (npm run bench passes it) each sample follows a collection: what the
  // server holds, not the garbage of batches already sent.
  const timer = setInterval(() => {
    if (!sampleHeap) return;
    globalThis.gc?.();
    const now = process.memoryUsage();
    peak = Math.max(peak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
  }, 100);
  const started = performance.now();
  const res = await fetch(`${address}/api${path}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: '{}',
  });
  let bytes = 0;
  let rows = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!firstByteMs) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) rows++;
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  return {
    status: res.status,
    ms,
    firstByteMs,
    rows: rows - 1,
    bytes,
    heapGrowthMb: (peak - base) / 1048576,
    rssGrowthMb: (rssPeak - rssBase) / 1048576,
  };
}

export async function dataIoBench({ address, token }: { address: string; token: string }) {
  console.log(
    '\nexport CSV, streamed (every row of the list; then again, sampling the heap after a collection every 100 ms:',
  );
  console.log('  what the server holds while it streams, not the garbage of batches already sent; needs --expose-gc)');
  for (const path of ['/invoice/export', '/product/export', '/customer/export']) {
    const r = await exportOnce(address, token, path, false);
    const held = globalThis.gc ? await exportOnce(address, token, path, true) : undefined;
    const heap = held ? `${held.heapGrowthMb.toFixed(1)} MB, process +${held.rssGrowthMb.toFixed(0)}` : '?';
    console.log(
      `  ${path}`.padEnd(28),
      `${r.status} ${r.rows.toLocaleString('en-US')} rows, ${(r.bytes / 1048576).toFixed(1)} MB in ${r.ms.toFixed(0)} ms`,
      `(first byte ${r.firstByteMs.toFixed(0)} ms, ${((r.rows / r.ms) * 1000).toFixed(0)} rows/s; heap held +${heap} MB)`,
    );
  }
  const count = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
  console.log(`\nimport ${count.toLocaleString('en-US')} new products on a fresh embedded database (through HTTP)`);
  const r = await importBench(count);
  console.log(`  file`.padEnd(28), `${(r.bytes / 1048576).toFixed(2)} MB`);
  console.log(`  preview (every row checked)`.padEnd(28), `${r.previewMs.toFixed(0)} ms`);
  console.log(
    `  import`.padEnd(28),
    `${(r.runMs / 1000).toFixed(1)} s: ${r.done.message} (${r.stored} stored; ${r.progress} progress events`,
    `in ${r.chunks} chunks, the first after ${(r.firstEventMs / 1000).toFixed(1)} s)`,
  );
  console.log(`  the same file, update`.padEnd(28), `${(r.againMs / 1000).toFixed(1)} s: ${r.again.message}`);
}
