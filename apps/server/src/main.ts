import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { startServer } from './server.js';

const config = loadConfig();
config.webDist ??= resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const started = await startServer(config);
const lines = [
  '',
  '  Wholesale Desk is running',
  `  Open:      ${started.url}`,
  `  Database:  ${started.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${resolve(config.dataDir)}`}`,
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    started.close().finally(() => process.exit(0));
  });
}
