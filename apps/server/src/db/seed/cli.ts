import { todayIn } from '@wd/contracts';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { INVOICES_PER_SCALE, seedDemoData } from './index.js';

/**
 * `npm run seed -- [scale]` or `npm run seed -- --invoices N [--seed S]`:
 * adds demo data to the configured database (DATABASE_URL, else the embedded
 * one). Scale 1 is 300 invoices; `--invoices 200000` is a large distributor's
 * four years (docs/performance-bench.md).
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : undefined;
};
const invoices = flag('invoices');
const positional = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const scale = invoices !== undefined ? invoices / INVOICES_PER_SCALE : Number(positional ?? 1);
if (!(scale > 0)) throw new Error('Usage: npm run seed -- [scale] | --invoices N [--seed S]');
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const started = performance.now();
await seedDemoData(database.db, {
  seed: flag('seed') ?? config.demoSeed,
  scale,
  today: todayIn(config.timeZone),
});
// The seed rewrote rows many times (a product's sold quantity at every sale): space back, statistics.
await database.afterBulkLoad();
await database.close();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Demo data loaded on ${database.kind}: ${Math.round(INVOICES_PER_SCALE * scale)} invoices (scale ${+scale.toFixed(2)}) in ${seconds} s.`,
);
