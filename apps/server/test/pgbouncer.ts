import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accepts } from './spawned-server.js';

/** Debian's pgbouncer (the `pgbouncer` package), where it is installed. */
export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p));

export interface Pgbouncer {
  /** The database through the pooler, as DATABASE_URL. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a PgBouncer in transaction pooling mode in front of `target` (a postgres:// URL of a
 * trust-authenticated server), on `port`, with fewer server connections than clients, as large
 * deployments run it. As root it runs as the postgres user (it refuses to run as root).
 */
export async function startPgbouncer(target: string, port: number): Promise<Pgbouncer> {
  if (!PGBOUNCER) throw new Error('pgbouncer is not installed (Debian package pgbouncer)');
  const url = new URL(target);
  const database = url.pathname.slice(1);
  const dir = mkdtempSync(join(tmpdir(), 'wd-pgbouncer-'));
  chmodSync(dir, 0o777);
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `${database} = host=${url.hostname} port=${url.port || 5432} dbname=${database} user=${url.username || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'default_pool_size = 6',
      'max_client_conn = 200',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  chmodSync(ini, 0o644);
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER, asRoot ? ['-u', 'postgres', ini] : [ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : '';
      child.kill('SIGKILL');
      throw new Error(`pgbouncer did not start:\n${output}\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const through = new URL(target);
  through.port = String(port);
  return {
    url: through.toString(),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
