import { todayIn } from '@wd/contracts';
import autocannon from 'autocannon';
import type { Db } from '../src/db/client.js';
import { billers, customers, products } from '../src/db/schema/index.js';

/**
 * The five reports (docs/reports.md) under load, beside the health baseline:
 * each with the default filter (no period: every invoice), with this month,
 * and with a search, at 10 clients. autocannon gives no p95, so every
 * response time is kept and the percentiles are read from them.
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
  const searches = {
    product: word(product?.name),
    customer: word(customer?.name),
    customerSummary: word(customer?.name),
    biller: word(biller?.name),
    damagedGoods: word(product?.name),
  };
  const runs: { name: string; method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
    { name: 'health (baseline)', method: 'GET', path: '/api/health' },
  ];
  for (const [report, search] of Object.entries(searches)) {
    const path = `/api/reports/${report}/`;
    runs.push({ name: `${report} default`, method: 'POST', path, body: {} });
    runs.push({ name: `${report} this month`, method: 'POST', path, body: { month, year } });
    runs.push({ name: `${report} search '${search}'`, method: 'POST', path, body: { searchQuery: search } });
  }

  console.log('\nreports, 10 clients');
  console.log('scenario'.padEnd(34), ...['req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'].map((h) => h.padStart(8)));
  for (const run of runs) {
    const times: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const options = {
        url: `${address}${run.path}`,
        method: run.method,
        headers: { 'content-type': 'application/json', Token: token },
        body: run.body === undefined ? undefined : JSON.stringify(run.body),
        connections: 10,
        duration: seconds,
      };
      const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
      instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    });
    times.sort((a, b) => a - b);
    const at = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))] : 0);
    console.log(
      run.name.padEnd(34),
      ...[result.requests.average, at(0.5), at(0.95), at(0.99)].map((n) => n.toFixed(n >= 100 ? 0 : 1).padStart(8)),
      String(result.errors + result.non2xx).padStart(8),
    );
  }
}
