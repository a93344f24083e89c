// The matrix (`BENCH_ONLY=matrix`, and part of a full `npm run bench`): every read call of the
// table of calls (bench/matrix-cases.ts) with its default, each filter alone, each period, a
// narrow and a broad search, every sortable column both ways and the first, a middle and the
// last page; each case measured at 1 client (p50, beside the raw SQL of its statements) and at
// 10 clients (p95), with a met/missed verdict and a summary line. BENCH_MATRIX_OUT writes the
// results as JSON; BENCH_MATRIX_BASE compares with such a file (another scale, the other
// database) and BENCH_MATRIX_LIMIT is the growth allowed (default 1.5).
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { todayIn } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { load } from './load.js';
import {
  describe,
  fieldVariants,
  type MatrixCall,
  matrixCalls,
  pageOf,
  periodVariants,
  type Variant,
} from './matrix-cases.js';
import { FIELD_SAMPLES, PARAM_SAMPLES } from './matrix-samples.js';
import { captureSql, timeSql } from './sql-time.js';

/** A case is met under this p95 at 10 clients (ms). */
export const P95_TARGET_MS = 50;
/** API p50 ÷ SQL at 1 client, allowed up to this, or … */
const RATIO_TARGET = 1.5;
/**
 * … the API may add this much to the SQL (ms): HTTP, the session, validation and JSON. A list of
 * three billers (one 0.6 ms statement) answers in 2.2–2.7 ms at 1 client here.
 */
const FIXED_COST_MS = 3;
/** Under this p95 (ms), a comparison with another run reads the noise, not the call. */
const COMPARE_FLOOR_MS = 5;

interface Case {
  call: string;
  label: string;
  path: string;
  body: Record<string, unknown>;
  /** What the label stands for here (the sample id, the search text, the page). */
  note?: string;
  /** Why the case could not be measured on this database. */
  missing?: string;
}

export interface MatrixResult extends Case {
  p50?: number;
  p95?: number;
  rps?: number;
  sqlMs?: number;
  statements?: number;
  errors?: number;
  /** p95 ÷ the compared run's p95 (each at least COMPARE_FLOOR_MS). */
  versus?: number;
  verdict: 'met' | 'missed' | 'not measured';
  why?: string;
}

type Rows = Record<string, unknown>[];
type Query = (text: string) => Promise<Rows>;

/** Builds each call's cases, asking the app what only it knows: what matches, what sorts, how many pages. */
async function casesOf(
  app: FastifyInstance,
  token: string,
  query: Query,
  call: MatrixCall,
  today: string,
  samples: Record<string, Record<string, unknown> | undefined>,
): Promise<Case[]> {
  const ask = async (path: string, body: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: path, headers: { token }, payload: body });
    return { status: res.statusCode, json: res.statusCode === 200 ? res.json() : undefined };
  };
  let path = `/api${call.path}/`;
  const notes: string[] = [];
  for (const param of call.params) {
    const sql = PARAM_SAMPLES[call.name];
    const [row] = sql ? await query(sql) : [];
    if (!row) {
      const why = sql ? `no record for :${param} in the database` : `no sample for :${param} (bench/matrix-samples.ts)`;
      return [{ call: call.name, label: 'default', path, body: {}, missing: why }];
    }
    path = path.replace(`:${param}`, String(row.id));
    notes.push(`${param}=${row.id}`);
  }
  // What the call cannot go without: a route and a date for the load sheet.
  const base: Record<string, unknown> = {};
  for (const f of call.fields.filter((x) => x.required)) {
    const sample = f.kind === 'date' ? { [f.name]: today } : samples[f.name];
    if (!sample) return [{ call: call.name, label: 'default', path, body: {}, missing: `no sample ${f.name}` }];
    Object.assign(base, sample);
  }
  notes.push(describe(base));
  const note = notes.filter(Boolean).join(' ');
  const one = (label: string, body: Record<string, unknown>, extra?: string, missing?: string): Case => ({
    call: call.name,
    label,
    path,
    body: { ...base, ...body },
    note: [note, extra].filter(Boolean).join(' · ') || undefined,
    missing,
  });
  const cases: Case[] = [one('default', {})];
  const variants: (Variant & { missing?: string })[] = [
    ...periodVariants(call.period, today),
    ...fieldVariants(call.fields, today, samples),
  ];
  for (const v of variants) cases.push(one(v.label, v.body, describe(v.body), v.missing));
  if (!call.list) return cases;

  const first = await ask(path, base);
  const page = pageOf(first.json);
  // Searches: a text of a row from the first page that finds it (narrow), then its first
  // three letters (broad: a prefix people type).
  const row = page.rows[Math.floor(page.rows.length / 2)];
  let narrow: { text: string; total: number } | undefined;
  for (const value of Object.values(row ?? {})) {
    if (typeof value !== 'string' || value.trim().length < 3 || /^\d{4}-\d\d-\d\d/.test(value)) continue;
    const found = pageOf((await ask(path, { ...base, searchQuery: value })).json);
    const total = found.totalRows ?? found.rows.length;
    if (total >= 1 && (page.totalRows === undefined || total < page.totalRows || page.totalRows <= 1)) {
      narrow = { text: value, total };
      break;
    }
  }
  if (narrow) {
    cases.push(one('search one', { searchQuery: narrow.text }, `'${narrow.text}', ${narrow.total} rows`));
    const prefix = narrow.text.trim().split(/\s+/)[0].slice(0, 3);
    const broad = pageOf((await ask(path, { ...base, searchQuery: prefix })).json);
    cases.push(
      one('search broad', { searchQuery: prefix }, `'${prefix}', ${broad.totalRows ?? broad.rows.length} rows`),
    );
  } else {
    const why = page.rows.length ? 'no text of a row finds it' : 'the list is empty in this database';
    cases.push(one('search one', {}, undefined, why), one('search broad', {}, undefined, why));
  }
  // Sorts: every key of the answer's rows the server takes as a sort column, both ways.
  for (const key of call.rowKeys) {
    const sortingList = [{ column: key, order: 'asc' }];
    if ((await ask(path, { ...base, sortingList })).status !== 200) continue;
    cases.push(one(`sort ${key} asc`, { sortingList }));
    cases.push(one(`sort ${key} desc`, { sortingList: [{ column: key, order: 'desc' }] }));
  }
  // Pages: a middle and the last (the first is the default).
  const pages = page.numPages ?? 1;
  if (pages >= 3) cases.push(one('page middle', { currentPage: Math.ceil(pages / 2) }, `page ${Math.ceil(pages / 2)}`));
  if (pages >= 2) cases.push(one('page last', { currentPage: pages }, `page ${pages} of ${pages}`));
  return cases;
}

const fmt = (n: number | undefined, width: number) =>
  (n === undefined ? '' : n >= 100 ? n.toFixed(0) : n.toFixed(1)).padStart(width);

export async function matrixBench({
  address,
  token,
  db,
  app,
  seconds = Number(process.env.BENCH_MATRIX_SECONDS ?? 1),
  only,
}: {
  address: string;
  token: string;
  db: Db;
  app: FastifyInstance;
  seconds?: number;
  only?: RegExp;
}): Promise<MatrixResult[]> {
  const client = (db as unknown as { $client: { query(t: string): Promise<{ rows: Rows }> } }).$client;
  const query: Query = async (text) => (await client.query(text)).rows;
  const today = todayIn();
  const base = process.env.BENCH_MATRIX_BASE
    ? new Map(
        (JSON.parse(readFileSync(process.env.BENCH_MATRIX_BASE, 'utf8')).cases as MatrixResult[]).map((r) => [
          `${r.call} · ${r.label}`,
          r,
        ]),
      )
    : undefined;
  const limit = Number(process.env.BENCH_MATRIX_LIMIT ?? 1.5);

  const samples: Record<string, Record<string, unknown> | undefined> = {};
  for (const [name, s] of Object.entries(FIELD_SAMPLES)) {
    const [row] = await query(s.sql);
    samples[name] = row ? s.body(row) : undefined;
  }
  const { calls, skipped } = matrixCalls();
  const measure = (path: string, body: unknown, connections: number, s: number) =>
    load({ address, method: 'POST', token, requests: [{ path, body }], connections, seconds: s });
  const health = async () => {
    const r = await load({
      address,
      method: 'GET',
      token,
      requests: [{ path: '/api/health' }],
      connections: 10,
      seconds,
    });
    return r;
  };
  const healthBefore = await health();
  console.log(
    `\nmatrix: every read call of the table of calls (${calls.length} calls; ${skipped.length} answer files or read uploads: ${skipped.map((s) => s.name).join(', ')})`,
  );
  console.log(
    `p50: 1 client; p95: 10 clients; SQL: the call's statements one after another on the driver; met: p95 < ${P95_TARGET_MS} ms and API ÷ SQL ≤ ${RATIO_TARGET} (or at most ${FIXED_COST_MS} ms over the SQL)${base ? `, and p95 at most ${limit}× the compared run's (${process.env.BENCH_MATRIX_BASE}; each at least ${COMPARE_FLOOR_MS} ms)` : ''}`,
  );
  console.log(
    `GET /api/health at 10 clients: ${healthBefore.rps.toFixed(0)} req/s, p95 ${healthBefore.p95.toFixed(1)} ms; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const W = 58;
  console.log(
    'case'.padEnd(W),
    ...['p50', 'p95', 'req/s', 'SQL', 'API÷SQL', base ? '× base' : ''].map((h) => h.padStart(8)),
    ' result',
  );
  const results: MatrixResult[] = [];
  for (const call of calls) {
    if (only && !only.test(call.name)) continue;
    const cases = await casesOf(app, token, query, call, today, samples);
    for (const c of cases) {
      let r: MatrixResult;
      if (c.missing) r = { ...c, verdict: 'not measured', why: c.missing };
      else {
        let statements: Awaited<ReturnType<typeof captureSql>>;
        try {
          statements = await captureSql(app, db, 'POST', token, { path: c.path, body: c.body });
        } catch (error) {
          // The call refuses this case (a period longer than it takes): said, not measured.
          const r: MatrixResult = { ...c, verdict: 'not measured', why: `refused: ${(error as Error).message}` };
          results.push(r);
          console.log(`${c.call} · ${c.label}`.slice(0, W).padEnd(W), ' '.repeat(45), ` ${r.verdict} (${r.why})`);
          continue;
        }
        const sqlMs = await timeSql(db, statements, 400);
        const one = await measure(c.path, c.body, 1, seconds / 2);
        const ten = await measure(c.path, c.body, 10, seconds);
        const versus = base?.get(`${c.call} · ${c.label}`)?.p95;
        r = {
          ...c,
          p50: one.p50,
          p95: ten.p95,
          rps: ten.rps,
          sqlMs,
          statements: statements.length,
          errors: one.errors + ten.errors,
          versus:
            versus === undefined ? undefined : Math.max(ten.p95, COMPARE_FLOOR_MS) / Math.max(versus, COMPARE_FLOOR_MS),
          verdict: 'met',
        };
        const misses = [
          r.errors ? `${r.errors} errors` : '',
          ten.p95 >= P95_TARGET_MS ? `p95 ${ten.p95.toFixed(0)} ms` : '',
          one.p50 > sqlMs * RATIO_TARGET && one.p50 - sqlMs > FIXED_COST_MS
            ? `API ÷ SQL ${(one.p50 / Math.max(sqlMs, 0.01)).toFixed(1)}`
            : '',
          r.versus !== undefined && r.versus > limit ? `${r.versus.toFixed(1)}× the compared run` : '',
        ].filter(Boolean);
        if (misses.length) Object.assign(r, { verdict: 'missed', why: misses.join(', ') });
      }
      results.push(r);
      const ratio = r.p50 !== undefined && r.sqlMs ? r.p50 / r.sqlMs : undefined;
      console.log(
        `${c.call} · ${c.label}`.slice(0, W).padEnd(W),
        fmt(r.p50, 8),
        fmt(r.p95, 8),
        fmt(r.rps, 8),
        fmt(r.sqlMs, 8),
        fmt(ratio, 8),
        base ? fmt(r.versus, 8) : '',
        ` ${r.verdict}${r.why ? ` (${r.why})` : ''}${c.note ? `  [${c.note}]` : ''}`,
      );
    }
  }
  const healthAfter = await health();
  const count = (v: MatrixResult['verdict']) => results.filter((r) => r.verdict === v).length;
  console.log(
    `GET /api/health at 10 clients, at the end: ${healthAfter.rps.toFixed(0)} req/s, p95 ${healthAfter.p95.toFixed(1)} ms; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `matrix: ${count('met')} met, ${count('missed')} missed, ${count('not measured')} not measured (of ${results.length} cases)`,
  );
  if (process.env.BENCH_MATRIX_OUT) {
    writeFileSync(
      process.env.BENCH_MATRIX_OUT,
      `${JSON.stringify({ today, health: { before: healthBefore, after: healthAfter }, cases: results }, null, 1)}\n`,
    );
    console.log(`matrix written to ${process.env.BENCH_MATRIX_OUT}`);
  }
  return results;
}
