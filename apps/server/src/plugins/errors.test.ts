import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, testApp } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { BAD_URL, BUSY, SERVER_ERROR, URL_TOO_LONG } from './errors.js';

const t = testApp();
/** A port of this helper's range (3500-3599) for the raw HTTP requests. */
const PORT = 3531;

/** The body is exactly `{ message }` (no Fastify `error`, `code` or `statusCode`). */
function expectMessageOnly(body: string, message: string) {
  expect(JSON.parse(body)).toEqual({ message });
}

/** Sends raw bytes to the listening app and answers the status and body of its reply. */
function rawRequest(request: string): Promise<{ status: number; body: string; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(PORT, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {}); // the server closes the connection after its answer
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no HTTP answer: ${text.slice(0, 200)}`));
      else resolve({ status, body, head });
    });
    socket.write(request);
  });
}

describe('framework errors answer { message }', () => {
  beforeAll(async () => {
    await t.app.listen({ port: PORT, host: '127.0.0.1' });
  });

  it('a path parameter longer than the router takes: 414', async () => {
    const res = await t.call('POST', `/api/product/${'1'.repeat(500)}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(414);
    expectMessageOnly(res.body, URL_TOO_LONG);
  });

  it('bad percent-encoding in the path: 400', async () => {
    const res = await t.call('POST', '/api/product/%E0%A4%A/', undefined, t.adminToken);
    expect(res.statusCode).toBe(400);
    expectMessageOnly(res.body, BAD_URL);
  });

  it('a request line over the HTTP parser limit: 414; headers over it: 431; not HTTP at all: 400', async () => {
    const longLine = await rawRequest(`GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(longLine.status).toBe(414);
    expectMessageOnly(longLine.body, URL_TOO_LONG);
    expect(longLine.head.toLowerCase()).toContain('x-content-type-options: nosniff');

    const bigHeaders = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(bigHeaders.status).toBe(431);
    expectMessageOnly(bigHeaders.body, 'The request headers are too large');

    const garbage = await rawRequest('HELLO THERE\r\n\r\n');
    expect(garbage.status).toBe(400);
    expectMessageOnly(garbage.body, 'The request is not valid HTTP');
  });

  it('multipart without a boundary, malformed multipart and a wrong content type', async () => {
    for (const url of ['/api/payment/insert/', '/api/distributorPayment/insert/']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { token: t.adminToken, 'content-type': 'multipart/form-data' },
        payload: 'payment={}',
      });
      expect(res.statusCode, url).toBe(400);
      expectMessageOnly(res.body, 'The upload is not a valid multipart/form-data body');
    }
    const body = multipart([{ name: 'payment', data: '{}' }]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/payment/insert/',
      headers: { ...body.headers, token: t.adminToken },
      payload: Buffer.from('--not-the-boundary\r\ngarbage'),
    });
    expect(malformed.statusCode).toBe(400);
    expectMessageOnly(malformed.body, 'The upload is not a valid multipart/form-data body');

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/product/all/',
      headers: { token: t.adminToken, 'content-type': 'text/xml' },
      payload: '<filter/>',
    });
    expect(xml.statusCode).toBe(415);
    expectMessageOnly(xml.body, 'Unsupported content type');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/product/all/',
      headers: { token: t.adminToken, 'content-type': 'application/json' },
      payload: '{"currentPage":',
    });
    expect(json.statusCode).toBe(400);
    expectMessageOnly(json.body, 'The request body is not valid JSON');
  });

  it('an unknown path or method: 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing/'],
      ['PUT', '/api/product/all/'],
    ] as const) {
      const res = await t.call(method, url, undefined, t.adminToken);
      expect(res.statusCode, url).toBe(404);
      expectMessageOnly(res.body, 'Not found');
    }
  });
});

describe('error logs', () => {
  const SECRET_HASH = 'scrypt$16384$8$1$c2VjcmV0LXNhbHQ$bm90LWEtcmVhbC1oYXNoLWJ1dC1zZWNyZXQ';
  const CUSTOMER_NOTE = 'Mrs Jane Secret, 12 Hidden Lane';
  const lines: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A second app over the test's database whose log is read here, with routes that fail in the database.
    app = await buildApp({ database: t.database, config: testConfig({ logLevel: 'error' }), logStream });
    const db = t.database.db;
    const fail: Record<string, () => Promise<unknown>> = {
      // A unique violation: the hash travels as a parameter.
      duplicate: () =>
        db.execute(
          sql`insert into users (username, email, password_hash) values ('admin', ${CUSTOMER_NOTE}, ${SECRET_HASH})`,
        ),
      // A not-null violation: the database's detail lists the whole failing row.
      notNull: () =>
        db.execute(
          sql`update users set password_hash = ${SECRET_HASH}, email = ${CUSTOMER_NOTE}, username = null where id = 1`,
        ),
      // The database repeats the value in its own message.
      cast: () => db.execute(sql`select ${SECRET_HASH}::integer`),
      // What PostgreSQL says of a deadlock's victim (left after a transaction's retries).
      deadlock: () =>
        db.execute(
          sql.raw(`do $$ begin raise exception using errcode = '40P01', message = 'deadlock detected'; end $$`),
        ),
    };
    app.post<{ Params: { which: string } }>('/test/fail/:which', { config: { auth: 'public' } }, async (request) =>
      fail[request.params.which](),
    );
    await app.ready();
  });
  afterAll(() => app?.close());

  it('a change given up for contention is a 503 with Retry-After and a plain message, not a server error', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/test/fail/deadlock' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expectMessageOnly(res.body, BUSY);
    expect(lines.join('')).not.toContain('request failed');
  });

  it('hold the failed statement and the database error, never the values', async () => {
    for (const [which, code, databaseMessage] of [
      ['duplicate', '23505', 'duplicate key value violates unique constraint'],
      ['notNull', '23502', 'null value in column \\"username\\" of relation \\"users\\" violates not-null constraint'],
      ['cast', '22P02', 'invalid input syntax for type integer: \\"[value]\\"'],
    ]) {
      lines.length = 0;
      const res = await app.inject({ method: 'POST', url: `/test/fail/${which}` });
      expect(res.statusCode, which).toBe(500);
      expectMessageOnly(res.body, SERVER_ERROR);
      const log = lines.join('');
      expect(log, which).toContain('request failed');
      expect(log, which).toContain('Failed query: ');
      expect(log, which).toContain(which === 'cast' ? 'select $1::integer' : 'users');
      expect(log, which).toContain(`"code":"${code}"`);
      expect(log, which).toContain(databaseMessage);
      expect(log, which).toContain('values, not logged');
      expect(log, which).not.toContain(SECRET_HASH);
      expect(log, which).not.toContain('c2VjcmV0LXNhbHQ');
      expect(log, which).not.toContain(CUSTOMER_NOTE);
      expect(log, which).not.toContain('Failing row');
    }
    // Nothing was written.
    const admin = await t.database.db.execute(sql`select username, password_hash from users where id = 1`);
    const row = (admin as unknown as { rows: { username: string; password_hash: string }[] }).rows[0];
    expect(row.username).toBe('admin');
    expect(row.password_hash).not.toBe(SECRET_HASH);
  });
});
