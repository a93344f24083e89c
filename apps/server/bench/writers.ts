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
import { existsSync } from 'node:fs';
import pg from 'pg';
import { createScratchDatabase, type ServerProcess, startServerProcess } from '../test/spawned-server.js';
import { replay, verify } from './writers-check.js';
import { client, INVOICES, seed } from './writers-client.js';
import { phase, print, watcher } from './writers-phase.js';

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
