// One phase of the many-writers bench (bench/writers.ts): clients writing for a time, and what
// the database says of it (deadlocks, the lock waits its log shows).
import { readFileSync, statSync } from 'node:fs';
import { todayIn } from '@wd/contracts';
import type pg from 'pg';
import { type Api, type Fixture, MIX, request } from './writers-client.js';

export interface PhaseResult {
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

export async function phase(
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

export interface Watch {
  mark(): Promise<{ deadlocks: number; logOffset: number }>;
  lockWaitsSince(mark: { logOffset: number }): number;
}

/** The database's deadlock counter and the lock waits its log shows for the scratch database. */
export function watcher(admin: pg.Client, database: string, logFile: string | undefined): Watch {
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

export function print(r: PhaseResult, baseline?: PhaseResult) {
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
