import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, testConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { createUsersService } from '../src/modules/users/users.service.js';

export const ADMIN_PASSWORD = 'admin-password-1';

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
