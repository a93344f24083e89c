// EXPLAIN (ANALYZE, BUFFERS) of the statements each stock case runs (bench/stock.ts), captured from
// the driver while the call is injected (bench/sql-time.ts), so they are the app's own with their
// parameters. Each statement runs once first (warm cache), then under EXPLAIN.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/wd_large BENCH_INVOICES=200000 \
//     node --import tsx apps/server/bench/stock-plans.ts [regex over the case names]
import { setUp } from './setup.js';
import { captureSql } from './sql-time.js';
import { stockScenarios } from './stock.js';

interface QueryClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, string>[] }>;
}

const only = process.argv[2] ? new RegExp(process.argv[2], 'i') : undefined;
const bench = await setUp({ webDist: '/nonexistent' });
const client = (bench.db as unknown as { $client: QueryClient }).$client;
for (const s of await stockScenarios({ db: bench.db })) {
  if (only && !only.test(s.name)) continue;
  const statements = await captureSql(bench.app, bench.db, s.method, bench.token, s.requests[0]);
  console.log(`\n=== ${s.name}: ${s.method} ${s.requests[0].path} ${JSON.stringify(s.requests[0].body ?? '')}`);
  for (const st of statements) {
    // The session lookup of every call is the same; the others are the case's own.
    if (/from "sessions"/i.test(st.text)) continue;
    const values = st.values?.length ? st.values : undefined;
    await client.query(st.text, values);
    const { rows } = await client.query(`explain (analyze, buffers) ${st.text}`, values);
    console.log(`\n-- ${st.text}\n-- ${JSON.stringify(values ?? [])}`);
    for (const r of rows) console.log(r['QUERY PLAN']);
  }
}
await bench.close();
