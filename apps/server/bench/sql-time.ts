import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import type { BenchRequest } from './load.js';

interface Captured {
  text: string;
  values?: unknown[];
}

interface QueryClient {
  query(q: unknown, values?: unknown, ...rest: unknown[]): Promise<unknown>;
}

/**
 * The SQL one request runs: the driver's query() is wrapped while the request
 * is injected (no other load runs then), so the statements are exactly the
 * app's, with their parameters.
 */
export async function captureSql(
  app: FastifyInstance,
  db: Db,
  method: string,
  token: string,
  request: BenchRequest,
): Promise<Captured[]> {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const original = client.query;
  const captured: Captured[] = [];
  client.query = function (this: QueryClient, q: unknown, values?: unknown, ...rest: unknown[]) {
    if (typeof q === 'string') captured.push({ text: q, values: values as unknown[] | undefined });
    else {
      const c = q as { text: string; values?: unknown[] };
      captured.push({ text: c.text, values: c.values ?? (values as unknown[] | undefined) });
    }
    return original.call(this, q, values, ...rest);
  };
  try {
    const res = await app.inject({
      method: method as 'POST',
      url: request.path,
      headers: { token },
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${request.path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  } finally {
    client.query = original;
  }
  return captured;
}

/**
 * The raw SQL time (ms) of the statements, run one after another straight on
 * the driver: the sum of each one's median over a few runs after a warm-up.
 */
export async function timeSql(db: Db, statements: Captured[], budgetMs = 1500): Promise<number> {
  const client = (db as unknown as { $client: QueryClient }).$client;
  let total = 0;
  for (const s of statements) {
    const run = () => (s.values?.length ? client.query(s.text, s.values) : client.query(s.text));
    await run();
    const times: number[] = [];
    const end = performance.now() + budgetMs / Math.max(1, statements.length);
    while (times.length < 3 || (times.length < 50 && performance.now() < end)) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    total += times[Math.floor(times.length / 2)];
  }
  return total;
}
