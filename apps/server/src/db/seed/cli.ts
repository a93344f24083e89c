import { todayIn } from '@wd/contracts';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { seedDemoData } from './index.js';

/** `npm run seed -- [scale]`: adds demo data to the configured database. */
const config = loadConfig();
const scale = Number(process.argv[2] ?? 1);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedDemoData(database.db, { seed: config.demoSeed, scale, today: todayIn(config.timeZone) });
await database.close();
console.log(`Demo data loaded (scale ${scale}).`);
