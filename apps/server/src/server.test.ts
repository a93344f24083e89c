import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testConfig } from './config.js';
import { startServer } from './server.js';

const url = process.env.TEST_DATABASE_URL;
/** PostgreSQL only (the embedded database belongs to one process). */
const onPostgres = Boolean(url) && process.env.DB_KIND === 'postgres';

describe.skipIf(!onPostgres)('several instances starting together over one PostgreSQL', () => {
  it('take turns: migrations run once, one first admin, every instance serves', async () => {
    const name = `wd_start_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url as string);
    target.pathname = `/${name}`;
    const config = testConfig({ databaseUrl: target.toString(), adminPassword: 'start-together-1', dbPoolSize: 3 });
    try {
      const started = await Promise.all([startServer(config), startServer(config), startServer(config)]);
      try {
        expect(started.filter((s) => s.admin.created)).toHaveLength(1);
        for (const s of started) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
        const users = (await started[0].database.db.execute(sql`select count(*)::int as n from users`)) as {
          rows: { n: number }[];
        };
        expect(users.rows[0].n).toBe(1);
      } finally {
        for (const s of started) await s.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
