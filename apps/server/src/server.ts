import { todayIn } from '@wd/contracts';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { beginFirstStart, finishFirstStart, restartFirstStart } from './db/seed/index.js';
import { createUsersService } from './modules/users/users.service.js';

export interface Started {
  url: string;
  close(): Promise<void>;
  admin: { created: boolean; password?: string; generated: boolean };
  database: Database;
}

/** Opens and migrates the database, creates the first admin, seeds a new database, listens. */
export async function startServer(config: Config): Promise<Started> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    pooler: config.databasePooler,
    onIdleError: (error) => console.error(`Database connection dropped: ${error.message}`),
  });
  // Instances started together over one PostgreSQL take turns: one migrates,
  // creates the first admin and loads demo data; the others find it done.
  const { app, admin } = await database.exclusive(async () => {
    await database.migrate();
    const app = await buildApp({ database, config });
    // A new database's first start (first admin, demo data) is marked until it is finished, so a
    // start that died midway (kill -9 during the demo data) is done again by the next one.
    const firstStart = await beginFirstStart(database.db);
    if (firstStart) await restartFirstStart(database.db);
    const admin = await createUsersService(app.ctx).ensureAdmin();
    if (firstStart) {
      if (config.demoData) console.log('Loading demo data into the new database…');
      await finishFirstStart(database.db, config.demoData, {
        seed: config.demoSeed,
        today: todayIn(config.timeZone),
      });
      if (config.demoData) await database.afterBulkLoad();
    }
    return { app, admin };
  });
  const users = createUsersService(app.ctx);
  await users.purgeIdleSessions();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://localhost:${port}`,
    admin,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
