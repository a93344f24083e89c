// Many writers at once (`BENCH_ONLY=writers DATABASE_URL=postgres://… npm run bench`, or
// `node --import tsx apps/server/bench/writers.ts`): two server processes over one scratch
// PostgreSQL database, clients doing the office's mixed writes (scans, quantity changes,
// submits, $1 payments, $1 receipts) first spread over 200 invoices of 40 customers, then all
// on one invoice. Per phase: writes/s, answers by status, p50/p99, the database's deadlock
// count and the lock waits its log shows (log_lock_waits on, deadlock_timeout 50 ms for the
// run, then reset). Afterwards every stored total is recomputed and every roll-up compared
// with its plain definition.
//   DATABASE_URL     the PostgreSQL server (a scratch database is created beside it and dropped)
//   BENCH_SECONDS    seconds per many-writer phase (default 60; the one-client phase is a third)
//   BENCH_CLIENTS    clients per instance (default 20)
//   BENCH_PG_LOG     the server's log file (default /var/log/postgresql/postgresql-<major>-main.log)
import { existsSync, readFileSync, statSync } from 'node:fs';
import { reportFilter, todayIn } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.js';
import { foldRollups } from '../src/db/rollups.js';
import { reportsRepository } from '../src/modules/reports/reports.repository.js';
import { rollupReports } from '../src/modules/reports/reports-rollup.repository.js';
import { ADMIN_PASSWORD } from '../test/admin.js';
import { createScratchDatabase, type ServerProcess, startServerProcess } from '../test/spawned-server.js';
import { storedBesideRecomputed } from '../test/stored-totals.js';

const INVOICES = 200;
const CUSTOMERS = 40;
const PRODUCTS = 30;

/** What the bench reads of an answer. */
interface Answer {
  token: string;
  customer: { id: number };
  product: { id: number; barcode: string };
  invoice: { id: number };
  invoiceItem: { id: number };
}
type Api = (
  method: string,
  path: string,
  body?: unknown,
  key?: string,
) => Promise<{ status: number; body: Answer; text: string; replayed: boolean }>;

/** An API client of one instance, signed in as the admin; `key` is sent as the Idempotency-Key. */
async function client(server: ServerProcess): Promise<Api> {
  const call = async (method: string, path: string, body?: unknown, token?: string, key?: string) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { token } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as Answer, text, replayed: res.headers.has('idempotent-replayed') };
  };
  const signIn = await call('POST', '/user/signIn/', { email: 'admin', password: ADMIN_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  const token = signIn.body.token as string;
  return (method, path, body, key) => call(method, path, body, token, key);
}

async function must(api: Api, method: string, path: string, body?: unknown) {
  const res = await api(method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

interface Fixture {
  invoices: { id: number; customerID: number; lines: number[] }[];
  barcodes: string[];
}

/** 40 customers, 30 products, 200 invoices of 3 lines each, every other one submitted. */
async function seed(api: Api): Promise<Fixture> {
  const customers: number[] = [];
  for (let c = 0; c < CUSTOMERS; c++) {
    customers.push((await must(api, 'POST', '/customer/new/', { company: `Writers Mart ${c}` })).customer.id);
  }
  const barcodes: string[] = [];
  const products: number[] = [];
  for (let p = 0; p < PRODUCTS; p++) {
    const product = (
      await must(api, 'POST', '/product/insert/', {
        name: `Writers product ${p}`,
        barcodeSymbology: 'upca',
        barcode: `07${String(p).padStart(9, '0')}`,
        category: 'Snacks',
        costPrice: 1,
        sellingPrice: 1.5 + p / 100,
        suggestedRetailPrice: 2.49,
      })
    ).product;
    products.push(product.id);
    barcodes.push(product.barcode);
  }
  const invoices: Fixture['invoices'] = [];
  for (let i = 0; i < INVOICES; i++) {
    const id = (await must(api, 'POST', '/invoice/new/invoice/')).invoice.id as number;
    const customerID = customers[i % CUSTOMERS];
    await must(api, 'PATCH', '/invoice/update/', { id, customerID });
    const lines: number[] = [];
    for (let l = 0; l < 3; l++) {
      const productID = products[(i * 3 + l) % PRODUCTS];
      lines.push((await must(api, 'POST', '/invoice/insert/', { invoiceID: id, productID })).invoiceItem.id);
    }
    if (i % 2 === 0) await must(api, 'PATCH', '/invoice/update/', { id, status: 'DUE' });
    invoices.push({ id, customerID, lines });
  }
  return { invoices, barcodes };
}

type Op = 'scan' | 'quantity' | 'submit' | 'payment' | 'receipt';
/** The mix: what a client does on its n-th write (scans and payments most). */
const MIX: Op[] = [
  'scan',
  'payment',
  'quantity',
  'scan',
  'receipt',
  'payment',
  'scan',
  'submit',
  'quantity',
  'payment',
];

interface PhaseResult {
  name: string;
  writes: number;
  seconds: number;
  byStatus: Map<number, number>;
  /** The refusals (4xx) by write and message: what the mix asked that the rules turned down. */
  refusals: Map<string, number>;
  latencies: number[];
  deadlocks: number;
  lockWaits: number;
  errors: string[];
}

function request(op: Op, invoice: Fixture['invoices'][number], fixture: Fixture, n: number, today: string) {
  switch (op) {
    case 'scan':
      return [
        'POST',
        '/invoice/insert/',
        { invoiceID: invoice.id, lookup: fixture.barcodes[n % fixture.barcodes.length] },
      ] as const;
    case 'quantity':
      return [
        'PATCH',
        '/invoice/update/item/',
        { id: invoice.lines[n % invoice.lines.length], invoiceID: invoice.id, quantity: 1 + (n % 4) },
      ] as const;
    case 'submit':
      return ['PATCH', '/invoice/update/', { id: invoice.id, status: 'DUE' }] as const;
    case 'payment':
      return [
        'POST',
        '/payment/insert/',
        { invoiceID: invoice.id, date: today, paymentType: 'cash', amountPaid: 1 },
      ] as const;
    case 'receipt':
      return [
        'POST',
        '/receipt/insert/',
        {
          customerID: invoice.customerID,
          date: today,
          paymentType: 'cash',
          amount: 1,
          allocations: [{ invoiceID: invoice.id, amount: 1 }],
        },
      ] as const;
  }
}

async function phase(
  name: string,
  apis: Api[],
  clientsPerApi: number,
  seconds: number,
  pick: (client: number, n: number) => Fixture['invoices'][number],
  fixture: Fixture,
  watch: Watch,
): Promise<PhaseResult> {
  const today = todayIn('UTC');
  const byStatus = new Map<number, number>();
  const refusals = new Map<string, number>();
  const latencies: number[] = [];
  const errors: string[] = [];
  const before = await watch.mark();
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    apis.flatMap((api, a) =>
      Array.from({ length: clientsPerApi }, async (_, c) => {
        const id = a * clientsPerApi + c;
        for (let n = 0; performance.now() < until; n++) {
          const op = MIX[(id + n) % MIX.length];
          const [method, path, body] = request(op, pick(id, n), fixture, id + n, today);
          const t0 = performance.now();
          const res = await api(method, path, body).catch((error) => ({ status: 0, body: String(error) }));
          latencies.push(performance.now() - t0);
          byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
          if (res.status >= 400 && res.status < 500) {
            const why = `${op} ${res.status} ${(res.body as { message?: string } | undefined)?.message ?? ''}`;
            refusals.set(why, (refusals.get(why) ?? 0) + 1);
          }
          if (res.status >= 500 || res.status === 0) {
            if (errors.length < 5) errors.push(`${op}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = await watch.mark();
  return {
    name,
    writes: latencies.length,
    seconds: elapsed,
    byStatus,
    refusals,
    latencies: latencies.sort((x, y) => x - y),
    deadlocks: after.deadlocks - before.deadlocks,
    lockWaits: watch.lockWaitsSince(before),
    errors,
  };
}

interface Watch {
  mark(): Promise<{ deadlocks: number; logOffset: number }>;
  lockWaitsSince(mark: { logOffset: number }): number;
}

/** The database's deadlock counter and the lock waits its log shows for the scratch database. */
function watcher(admin: pg.Client, database: string, logFile: string | undefined): Watch {
  return {
    async mark() {
      await new Promise((r) => setTimeout(r, 600)); // pg_stat counters are flushed about every 500 ms
      await admin.query('select pg_stat_clear_snapshot()');
      const { rows } = await admin.query('select deadlocks::int as n from pg_stat_database where datname = $1', [
        database,
      ]);
      return { deadlocks: rows[0]?.n ?? 0, logOffset: logFile ? statSync(logFile).size : 0 };
    },
    lockWaitsSince(mark) {
      if (!logFile) return Number.NaN;
      const text = readFileSync(logFile).subarray(mark.logOffset).toString('utf8');
      return text.split('\n').filter((l) => l.includes(`@${database} `) && l.includes('still waiting for')).length;
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

function print(r: PhaseResult, baseline?: PhaseResult) {
  const statuses = [...r.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  const rate = r.writes / r.seconds;
  const ok = (r.byStatus.get(200) ?? 0) / r.seconds;
  const ratio = baseline
    ? ` (${(ok / ((baseline.byStatus.get(200) ?? 0) / baseline.seconds)).toFixed(2)}× one client)`
    : '';
  console.log(
    `${r.name.padEnd(44)} ${rate.toFixed(1).padStart(7)} writes/s, ${ok.toFixed(1)} ok/s${ratio}; p50 ${pct(r.latencies, 50).toFixed(1)} ms, p99 ${pct(r.latencies, 99).toFixed(1)} ms; ${statuses.join(' ')}; deadlocks ${r.deadlocks}; lock waits logged ${Number.isNaN(r.lockWaits) ? '(no log)' : r.lockWaits}`,
  );
  for (const e of r.errors) console.log(`    ${e}`);
  for (const [why, n] of [...r.refusals].sort(([, a], [, b]) => b - a).slice(0, 3))
    console.log(`    refused ${n}×: ${why}`);
}

type Rows = Record<string, unknown>[];
const rowsOf = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Rows }).rows.map((r) => JSON.stringify(r));

/** Every stored total recomputed from its lines and payments; every roll-up beside its plain definition. */
async function verify(url: string): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  const problems: string[] = [];
  try {
    await foldRollups(database.db);
    for (const { id, stored, recomputed } of await storedBesideRecomputed(database.db)) {
      if (JSON.stringify(stored) !== JSON.stringify(recomputed)) problems.push(`invoice ${id}: stored totals differ`);
    }
    const same = async (what: string, a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) => {
      const [x, y] = await Promise.all([rowsOf(database, a), rowsOf(database, b)]);
      if (JSON.stringify(x) !== JSON.stringify(y)) problems.push(`${what}: roll-up differs from the rows`);
    };
    await same(
      'invoice list day totals',
      sql`select date::text, biller_id, type, status, invoices::int, total::int, paid::int, balance::int
        from invoice_day_totals where invoices <> 0 order by 1, 2, 3, 4`,
      sql`select date::text, biller_id, type, status, count(*)::int as invoices, sum(total)::int as total,
        sum(paid)::int as paid, sum(balance)::int as balance from invoices where status <> 'NEW' group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
    await same(
      'quantity sold',
      sql`select id, quantity_sold::int as q from products order by id`,
      sql`select p.id, coalesce((select sum(c.quantity) from invoice_items c join invoices i on i.id = c.invoice_id
        where c.product_id = p.id and i.status <> 'NEW'), 0)::int as q from products p order by p.id`,
    );
    for (const name of Object.keys(rollupReports) as (keyof typeof rollupReports)[]) {
      const filter = { ...reportFilter.parse({}), currentPage: 1, resultsPerPage: 100_000 };
      const [plain, served] = await Promise.all([
        reportsRepository[name](database.db, filter),
        rollupReports[name](database.db, filter),
      ]);
      if (JSON.stringify(plain) !== JSON.stringify(served))
        problems.push(`${name} report: roll-up differs from the rows`);
    }
  } finally {
    await database.close();
  }
  return problems;
}

/** What the writes changed: rows of each kind and every invoice's stored figures. */
async function dataState(admin: pg.Client): Promise<string> {
  const { rows } = await admin.query(`select
    (select count(*) from payments) as payments, (select count(*) from receipts) as receipts,
    (select count(*) from invoice_items) as lines,
    (select md5(string_agg(concat_ws(',', id, status, total, paid, balance), '|' order by id)) from invoices) as invoices,
    (select md5(string_agg(concat_ws(',', id, quantity, subtotal), '|' order by id)) from invoice_items) as items`);
  return JSON.stringify(rows[0]);
}

/**
 * 1,000 writes with their Idempotency-Keys sent twice at once, one pass through each instance
 * (20 clients each), then a third time: every key must get one answer (the same on every pass),
 * the third pass must change nothing, and each payment and receipt must exist once.
 */
async function replay(apis: Api[], fixture: Fixture, url: string, clients: number) {
  const database = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await replayOn(apis, fixture, admin, database, clients);
  } finally {
    await admin.end();
  }
}

async function replayOn(apis: Api[], fixture: Fixture, admin: pg.Client, database: string, clients: number) {
  const today = todayIn('UTC');
  const writes = Array.from({ length: 1000 }, (_, i) => {
    const op = MIX[i % MIX.length];
    const [method, path, body] = request(op, fixture.invoices[(i * 7) % INVOICES], fixture, i, today);
    return { op, method, path, body, key: `replay-${database}-${i}` };
  });
  const pass = async (api: Api) => {
    const answers: Awaited<ReturnType<Api>>[] = new Array(writes.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = next++; i < writes.length; i = next++) {
          const w = writes[i];
          answers[i] = await api(w.method, w.path, w.body, w.key);
        }
      }),
    );
    return answers;
  };
  const before = JSON.parse(await dataState(admin));
  const started = performance.now();
  const [a, b] = await Promise.all([pass(apis[0]), pass(apis[1])]);
  const seconds = (performance.now() - started) / 1000;
  const afterTwo = await dataState(admin);
  const c = await pass(apis[0]);
  const afterThree = await dataState(admin);
  const problems: string[] = [];
  let replayed = 0;
  for (let i = 0; i < writes.length; i++) {
    if (a[i].status !== b[i].status || a[i].text !== b[i].text)
      problems.push(`${writes[i].key}: the two passes answered differently`);
    if (c[i].status !== a[i].status || c[i].text !== a[i].text)
      problems.push(`${writes[i].key}: the third pass answered differently`);
    if (!c[i].replayed) problems.push(`${writes[i].key}: the third pass was carried out again`);
    if (a[i].replayed || b[i].replayed) replayed++;
  }
  if (afterThree !== afterTwo) problems.push('the third pass changed the data');
  const after = JSON.parse(afterTwo);
  const done = (op: Op) => writes.filter((w, i) => w.op === op && a[i].status === 200).length;
  if (after.payments - before.payments !== done('payment') + done('receipt')) {
    problems.push(
      `payments: ${after.payments - before.payments} new for ${done('payment') + done('receipt')} accepted`,
    );
  }
  if (after.receipts - before.receipts !== done('receipt')) {
    problems.push(`receipts: ${after.receipts - before.receipts} new for ${done('receipt')} accepted`);
  }
  const statuses = new Map<number, number>();
  for (const r of a) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  console.log(
    `Replay: 1,000 keyed writes twice at once through both instances in ${seconds.toFixed(1)} s (answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}; ${replayed} answered from the other pass), then a third time: ${problems.length ? `${problems.length} problems\n  ${problems.slice(0, 10).join('\n  ')}` : 'every key carried out once, every answer the same, the third pass changed nothing'}`,
  );
  return problems.length === 0;
}

/** Runs the phases and prints their figures; answers false when a write failed or a total is wrong. */
export async function writersBench(options: { baseUrl: string; seconds: number; clients: number }): Promise<boolean> {
  const { baseUrl, seconds, clients } = options;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const major = (await admin.query('show server_version_num')).rows[0].server_version_num.slice(0, -4);
  const logFile = process.env.BENCH_PG_LOG ?? `/var/log/postgresql/postgresql-${major}-main.log`;
  const readableLog = existsSync(logFile) ? logFile : undefined;
  await admin.query(`alter system set log_lock_waits = on`);
  await admin.query(`alter system set deadlock_timeout = '50ms'`);
  await admin.query('select pg_reload_conf()');
  const scratch = await createScratchDatabase('wd_writers', baseUrl);
  const database = new URL(scratch.url).pathname.slice(1);
  const servers: ServerProcess[] = [];
  try {
    servers.push(
      ...(await Promise.all([
        startServerProcess(3711, { DATABASE_URL: scratch.url }),
        startServerProcess(3712, { DATABASE_URL: scratch.url }),
      ])),
    );
    const apis = await Promise.all(servers.map(client));
    const fixture = await seed(apis[0]);
    const watch = watcher(admin, database, readableLog);

    const health = await healthRate(servers[0].url, 5);
    console.log(`\nMany writers: two instances over one PostgreSQL (${database}), ${clients} clients each`);
    console.log(`GET /api/health, 10 clients, same run: ${health.toFixed(0)} req/s`);
    // Each client writes to invoices of its own (2 × 20 clients: 5 each): no two write to one invoice at once.
    const share = Math.max(1, Math.floor(INVOICES / (apis.length * clients)));
    const spread = (client: number, n: number) => fixture.invoices[(client * share + (n % share)) % INVOICES];
    const one = await phase(
      '1 client, different invoices',
      apis.slice(0, 1),
      1,
      Math.max(5, seconds / 3),
      (_client, n) => fixture.invoices[(n * 13) % INVOICES],
      fixture,
      watch,
    );
    print(one);
    const single = await phase(
      `1 × ${clients} clients, 200 invoices`,
      apis.slice(0, 1),
      clients,
      seconds,
      (client, n) => spread(client * 2, n),
      fixture,
      watch,
    );
    print(single, one);
    const many = await phase(`2 × ${clients} clients, 200 invoices`, apis, clients, seconds, spread, fixture, watch);
    print(many, one);
    const hot = await phase(
      `2 × ${clients} clients, one invoice`,
      apis,
      clients,
      seconds,
      () => fixture.invoices[1],
      fixture,
      watch,
    );
    print(hot, one);
    const replayed = await replay(apis, fixture, scratch.url, clients);
    const health2 = await healthRate(servers[0].url, 5);
    console.log(`GET /api/health again at the end: ${health2.toFixed(0)} req/s`);

    const problems = await verify(scratch.url);
    console.log(
      problems.length
        ? `totals: ${problems.length} problems\n  ${problems.slice(0, 10).join('\n  ')}`
        : 'totals: every stored total recomputes; every roll-up equals the rows',
    );
    const failed = [one, single, many, hot].some((r) => [...r.byStatus.keys()].some((s) => s >= 500 || s === 0));
    return !failed && replayed && problems.length === 0;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query('alter system reset log_lock_waits');
    await admin.query('alter system reset deadlock_timeout');
    await admin.query('select pg_reload_conf()');
    await admin.end();
    if (process.env.BENCH_KEEP !== '1') await scratch.drop();
  }
}

/** GET /api/health req/s at 10 clients for `seconds`. */
async function healthRate(url: string, seconds: number) {
  let count = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) {
        await (await fetch(`${url}/api/health`)).arrayBuffer();
        count++;
      }
    }),
  );
  return count / seconds;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('the writers bench needs DATABASE_URL (a PostgreSQL server)');
  const ok = await writersBench({
    baseUrl,
    seconds: Number(process.env.BENCH_SECONDS ?? 60),
    clients: Number(process.env.BENCH_CLIENTS ?? 20),
  });
  process.exit(ok ? 0 : 1);
}
