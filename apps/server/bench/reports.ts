import { todayIn } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { billers, customers, products } from '../src/db/schema/index.js';
import { agingPage } from '../src/modules/receivables/aging.repository.js';
import type { Filter } from '../src/modules/reports/report-sql.repository.js';
import { reportsRepository } from '../src/modules/reports/reports.repository.js';
import { rollupReports } from '../src/modules/reports/reports-rollup.repository.js';
import { load } from './load.js';
import { captureSql, timeSql } from './sql-time.js';

type Reports = typeof rollupReports;

/**
 * The raw SQL time of one report as a repository runs it (the served roll-up path, or the
 * plain definition summed from the rows): its statements captured from the driver, then
 * timed one after another (bench/sql-time.ts).
 */
async function sqlTime(db: Db, repository: Reports, name: keyof Reports, body: object) {
  const filter = { currentPage: 1, resultsPerPage: 20, ...body } as Filter;
  const run = { inject: async () => ({ statusCode: 200, body: '', ...(await repository[name](db, filter)) }) };
  const statements = await captureSql(run as unknown as FastifyInstance, db, 'POST', '', { path: '' });
  return timeSql(db, statements);
}

/**
 * The five reports (docs/reports.md) under load, beside the health baseline of the same
 * run: each with the default filter (no period: every invoice), with this month, and with
 * a search; 10 clients, closed loop from the shared load worker (bench/load.ts: every
 * request counts, also one that ends after the time is up). Beside each: the raw SQL time
 * of the served path, and with BENCH_REPORTS_PLAIN=1 that of the plain definition (slow at
 * scale: seconds per report). Then the aging report (docs/receivables.md) the same way.
 */
export async function reportBench({
  address,
  token,
  db,
  seconds,
}: {
  address: string;
  token: string;
  db: Db;
  seconds: number;
}) {
  const word = (text: string | undefined) => (text ?? 'a').split(/\s+/)[0].slice(0, 5).toLowerCase();
  const [product] = await db.select({ name: products.name }).from(products).limit(1).offset(10);
  const [customer] = await db.select({ name: customers.company }).from(customers).limit(1).offset(3);
  const [biller] = await db.select({ name: billers.company }).from(billers).limit(1);
  const [year, month] = todayIn().split('-').map(Number);
  const searches: Record<keyof Reports, string> = {
    product: word(product?.name),
    customer: word(customer?.name),
    customerSummary: word(customer?.name),
    biller: word(biller?.name),
    damagedGoods: word(product?.name),
  };
  const plain = process.env.BENCH_REPORTS_PLAIN === '1';
  const measure = (path: string, method: 'GET' | 'POST', body?: object) =>
    load({ address, method, token, requests: [{ path, body }], connections: 10, seconds });
  const fmt = (n: number | undefined) => (n === undefined ? '' : n >= 100 ? n.toFixed(0) : n.toFixed(1)).padStart(8);
  const columns = ['req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'SQL ms', plain ? 'plain ms' : ''];

  console.log('\nreports, 10 clients (SQL ms: the served statements one after another on the driver)');
  console.log('scenario'.padEnd(34), ...columns.map((h) => h.padStart(8)));
  const print = (name: string, r: Awaited<ReturnType<typeof load>>, sqlMs?: number, plainMs?: number) =>
    console.log(name.padEnd(34), ...[r.rps, r.p50, r.p95, r.p99, r.errors, sqlMs, plainMs].map(fmt));
  print('health (baseline)', await measure('/api/health', 'GET'));
  for (const [name, search] of Object.entries(searches) as [keyof Reports, string][]) {
    const path = `/api/reports/${name}/`;
    for (const [label, body] of [
      ['default', {}],
      ['this month', { month, year }],
      [`search '${search}'`, { searchQuery: search }],
    ] as const) {
      const sqlMs = await sqlTime(db, rollupReports, name, body);
      const plainMs = plain ? await sqlTime(db, reportsRepository, name, body) : undefined;
      print(`${name} ${label}`, await measure(path, 'POST', body), sqlMs, plainMs);
    }
  }
  // Aging (measured at 200,000 invoices; docs/performance.md): today, a year ago, and a search.
  const aging = { aging: (d: Db, f: Filter) => agingPage(d, f as never, (f as { asOf?: string }).asOf || todayIn()) };
  for (const [label, body] of [
    ['today', {}],
    ['as of a year ago', { asOf: `${year - 1}-${String(month).padStart(2, '0')}-01` }],
    [`search '${searches.customer}'`, { searchQuery: searches.customer }],
  ] as const) {
    const sqlMs = await sqlTime(db, aging as unknown as Reports, 'aging' as keyof Reports, body);
    print(`aging ${label}`, await measure('/api/reports/aging/', 'POST', body), sqlMs);
  }
  print('health (again, at the end)', await measure('/api/health', 'GET'));
}
