import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, testConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { createUsersService } from '../src/modules/users/users.service.js';
import { ADMIN_PASSWORD } from './admin.js';
import { expectSortRefused } from './lists.js';

export { ADMIN_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database of this test file (undefined on PGlite). */
  databaseUrl?: string;
  /** The first admin's token. */
  adminToken: string;
  /** Signs in and answers the token. */
  signIn(username: string, password: string): Promise<string>;
  /** Creates a user (through the API, as the admin) and answers its token. */
  createUser(username: string, type?: 'user' | 'admin', password?: string): Promise<{ id: number; token: string }>;
  /** POST/PATCH/DELETE … with JSON and a Token. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    token?: string | null,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const template = inject('pgTemplate');
  if (template) {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `wd_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 10 });
    return {
      database,
      url: target.toString(),
      async drop() {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
  return { database, drop: async () => {} };
}

/** A fresh, migrated database with the first admin, and the app on it. One per test file. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const config = testConfig({ adminPassword: ADMIN_PASSWORD, ...overrides });
  const app = await buildApp({ database, config });
  await createUsersService(app.ctx).ensureAdmin();
  await app.ready();

  const call: TestApp['call'] = (method, url, body, token) =>
    app.inject({
      method,
      url,
      headers: token ? { token } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const signIn = async (username: string, password: string) => {
    const res = await call('POST', '/api/user/signIn/', { email: username, password });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.body}`);
    return res.json().token as string;
  };
  const adminToken = await signIn('admin', ADMIN_PASSWORD);

  return {
    app,
    database,
    databaseUrl: url,
    adminToken,
    signIn,
    call,
    async createUser(username, type = 'user', password = 'password-123') {
      const res = await call(
        'POST',
        '/api/user/signUp/',
        { username, email: `${username}@example.com`, password, type },
        adminToken,
      );
      if (res.statusCode !== 200) throw new Error(`sign-up of ${username} failed: ${res.body}`);
      return { id: res.json().user.id as number, token: await signIn(username, password) };
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** A multipart/form-data body for app.inject: file parts and text fields. */
export function multipart(parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[]) {
  const boundary = `----wd${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`
      : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The test file's app, used as the app itself (`t.call(…)`): created before
 * the file's tests on a fresh database and closed after them.
 */
export function testApp(overrides: Partial<Config> = {}): TestApp {
  let instance: TestApp | undefined;
  beforeAll(async () => {
    instance = await createTestApp(overrides);
  });
  afterAll(() => instance?.close());
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!instance) throw new Error('The test app exists once beforeAll has run: use it inside tests and hooks');
      const value = Reflect.get(instance, key);
      return typeof value === 'function' ? value.bind(instance) : value;
    },
  });
}

/** POSTs `body` to `url` as the admin, expects a 200 and answers the answer's `key` (the record created). */
export async function created<T>(t: TestApp, url: string, body: unknown, key: string): Promise<T> {
  const res = await t.call('POST', url, body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[key] as T;
}

/**
 * POSTs an Export CSV call and checks the answer is a CSV download named
 * `<fileName>-YYYY-MM-DD.csv`; answers the response (for its raw text).
 */
export async function csvResponse(
  t: TestApp,
  url: string,
  body: unknown,
  fileName: string,
  token: string = t.adminToken,
): Promise<LightMyRequestResponse> {
  const res = await t.call('POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const name = fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  return res;
}

/** The same checks as csvResponse; answers the file's rows, the headings first. */
export async function csvDownload(
  t: TestApp,
  url: string,
  body: unknown,
  fileName: string,
  token: string = t.adminToken,
): Promise<string[][]> {
  return parse((await csvResponse(t, url, body, fileName, token)).body, { bom: true });
}

/** An export's records under its headings (checked), as csvDownload checks the file. */
export async function csvRecords(
  t: TestApp,
  url: string,
  body: unknown,
  fileName: string,
  headings: string[],
): Promise<string[][]> {
  const [head, ...records] = await csvDownload(t, url, body, fileName);
  expect(head).toEqual(headings);
  return records;
}

/** A list's rows (the answer's `key`) over all its pages, two a page. */
export async function everyPage<T>(t: TestApp, url: string, filter: Record<string, unknown>, key: string) {
  const all: T[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const res = await t.call('POST', url, { ...filter, currentPage, resultsPerPage: 2 }, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    all.push(...res.json()[key]);
    if (currentPage >= res.json().numPages) return all;
  }
}

/**
 * For each filter, the export (`csv`) holds the list's (`list`) rows over all its pages,
 * cell for cell as `asCsv` writes a row, under `headings`, in a file named `fileName`-date.
 */
export async function expectExportIsTheList<T>(
  t: TestApp,
  o: {
    list: string;
    key: string;
    csv: string;
    fileName: string;
    headings: string[];
    filters: Record<string, unknown>[];
    asCsv: (row: T) => string[];
  },
) {
  for (const f of o.filters) {
    const rows = (await everyPage<T>(t, o.list, f, o.key)).map(o.asCsv);
    expect({ csv: o.csv, f, rows: await csvRecords(t, o.csv, f, o.fileName, o.headings) }).toEqual({
      csv: o.csv,
      f,
      rows,
    });
  }
}

/**
 * An export refuses a sort column outside its allow-list (400, as every list does; `columns`:
 * more such names, e.g. real columns of the table the list doesn't sort by) and a call without
 * a session (401).
 */
export async function expectExportRefusals(t: TestApp, url: string, ...columns: string[]) {
  await expectSortRefused(t, url);
  for (const column of columns) {
    const res = await t.call('POST', url, { sortingList: [{ column, order: 'asc' }] }, t.adminToken);
    expect(res.statusCode, `${url} sorted by ${column}`).toBe(400);
    expect(res.json().message).toMatch(/^sortingList column must be one of /);
  }
  expect((await t.call('POST', url, {}, null)).statusCode).toBe(401);
}
