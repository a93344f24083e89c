import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ADMIN_PASSWORD } from './admin.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** A real server process (`node --import tsx src/main.ts`), as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code (or the signal that ended it). */
  exited: Promise<number | NodeJS.Signals>;
  /** Stops it if it still runs (SIGKILL after 10 s) and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts the server on `port` with the given environment (DATA_DIR or
 * DATABASE_URL …) and waits until it answers /api/health.
 */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: '0',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal as NodeJS.Signals))),
  );
  let done = false;
  exited.then(() => {
    done = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (done) throw new Error(`the server exited before answering:\n${text}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 90 s:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    url,
    output: () => text,
    exited,
    async stop() {
      if (!done) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** A new, empty PostgreSQL database next to `base`'s (TEST_DATABASE_URL's by default), and a way to drop it. */
export async function createScratchDatabase(
  prefix: string,
  base = process.env.TEST_DATABASE_URL as string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(base);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** POST/PATCH … JSON with an optional Token, over HTTP. */
export async function httpCall(url: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Whether a new TCP connection to the port on 127.0.0.1 is accepted. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
