import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './helpers.js';
import { accepts, createScratchDatabase, type ServerProcess, startServerProcess } from './spawned-server.js';

const onPostgres = process.env.DB_KIND === 'postgres';
// Ports 3600-3699 belong to this file and two-instances.test.ts; one per database kind.
const PORT = onPostgres ? 3602 : 3601;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A request in flight for as long as the test likes: a sign-in whose body is
 * sent in two halves. The server has its headers (it is in flight) and can
 * only answer (reading the database) once the second half arrives.
 */
function slowSignIn(port: number) {
  const body = Buffer.from(JSON.stringify({ email: 'admin', password: ADMIN_PASSWORD }));
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/user/signIn/',
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.once('error', reject);
  });
  req.write(body.subarray(0, 10));
  req.flushHeaders();
  return { answer, finish: () => req.end(body.subarray(10)) };
}

describe('graceful shutdown (a real server process)', () => {
  let dataDir: string | undefined;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    if (onPostgres) scratch = await createScratchDatabase('wd_shutdown');
    else dataDir = mkdtempSync(join(tmpdir(), 'wd-shutdown-'));
    server = await startServerProcess(PORT, scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir as string });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM stops accepting, finishes the request in flight (200), closes the database and exits 0', async () => {
    const s = server as ServerProcess;
    const inFlight = slowSignIn(PORT);
    await sleep(300);
    s.child.kill('SIGTERM');
    // Stops accepting new connections soon after the signal…
    const deadline = Date.now() + 5_000;
    while ((await accepts(PORT)) && Date.now() < deadline) await sleep(50);
    expect(await accepts(PORT)).toBe(false);
    // …but has not exited: the sign-in is still in flight.
    await sleep(500);
    expect(s.child.exitCode).toBeNull();
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    // The sign-in wrote its session, so the database was still open for it.
    expect(JSON.parse(answer.body)).toMatchObject({ username: 'admin', type: 'admin' });
    expect(JSON.parse(answer.body).token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('SIGTERM: finishing the requests in flight, then stopping');
    expect(s.output()).toContain('Stopped');
  });

  it('a request that never finishes holds the stop for 10 s at most, then the database is closed and the exit code is 1', async () => {
    // The same database again (on the embedded one, the data directory the first process closed).
    server = await startServerProcess(PORT, scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir as string });
    const s = server;
    const stuck = slowSignIn(PORT);
    stuck.answer.catch(() => {});
    await sleep(300);
    const signalled = Date.now();
    s.child.kill('SIGTERM');
    const code = await s.exited;
    const took = Date.now() - signalled;
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(9_500);
    // close-with-grace itself exits at 15 s whatever happens.
    expect(took).toBeLessThan(16_000);
    expect(s.output()).toContain('Requests still in flight after 10 s were cut; the database is closed');
  }, 150_000);
});
