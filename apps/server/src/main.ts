import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.js';
import { startServer } from './server.js';

/** How long requests in flight may take to finish after a stop signal. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
config.webDist ??= resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** A start that fails (the data directory in use, the database unreachable) says why in one line, not a stack. */
async function start() {
  try {
    return await startServer(config);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Wholesale Desk could not start: ${message}`);
    if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(error);
    process.exit(1);
  }
}

const started = await start();
const lines = [
  '',
  '  Wholesale Desk is running',
  `  Open:      ${started.url}`,
  `  Database:  ${started.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : !config.dataDir || config.dataDir === 'memory://' ? 'embedded, in memory (nothing is kept after a stop)' : `embedded, in ${resolve(config.dataDir)}`}`,
  `  API docs:  ${started.url}/api/docs`,
];
if (started.admin.created) {
  lines.push(
    started.admin.generated
      ? `  Sign in:   admin / ${started.admin.password}   (generated now and shown only this once)`
      : '  Sign in:   admin / the password in ADMIN_PASSWORD',
  );
  if (config.demoData) lines.push('  Demo data: loaded into the new database (DEMO_DATA=0 starts empty)');
} else {
  lines.push('  Sign in:   with an existing user (the first admin is named admin)');
}
console.log(`${lines.join('\n')}\n`);

/**
 * SIGTERM or SIGINT: stop accepting connections, let the requests in flight
 * finish (at most SHUTDOWN_GRACE_MS), close the database, exit 0. Requests
 * still running after that are cut: the database is closed all the same and
 * the exit code is 1. A second signal exits 1 at once.
 */
closeWithGrace({ delay: SHUTDOWN_GRACE_MS + 5_000 }, async ({ signal, err }) => {
  if (err) console.error('Stopping after an unexpected error:', err);
  else console.log(`${signal ?? 'Exit'}: finishing the requests in flight, then stopping`);
  const closing = started.close();
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    closing.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!inTime) {
    closing.catch(() => {});
    await started.database.close();
    throw new Error(`Requests still in flight after ${SHUTDOWN_GRACE_MS / 1000} s were cut; the database is closed`);
  }
  console.log('Stopped');
});
