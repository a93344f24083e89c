// The database and servers of `npm run bench`: seeds the scale database, or
// reuses one that already holds the invoices (never reseeds a non-empty one),
// a bench admin with a known password, the app on loopback and a bare Fastify
// hello-world in the same process as the ceiling of what this machine serves.
import { todayIn } from '@wd/contracts';
import { count, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { invoices, users } from '../src/db/schema/index.js';
import { INVOICES_PER_SCALE, seedDemoData } from '../src/db/seed/index.js';
import { hashPassword } from '../src/lib/password.js';

export const BENCH_USER = 'bench';
export const BENCH_PASSWORD = 'bench-admin-password';

export async function setUp({ webDist }: { webDist: string }) {
  const invoicesWanted = Number(
    process.env.BENCH_INVOICES ?? INVOICES_PER_SCALE * Number(process.env.BENCH_SCALE ?? 1),
  );
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.BENCH_DATA_DIR ?? 'memory://',
    poolSize: 10,
  });
  await database.migrate();
  const db = database.db;
  const [{ held }] = await db.select({ held: count() }).from(invoices);
  let seeding = 'reused';
  if (held === 0) {
    const started = performance.now();
    await seedDemoData(db, { seed: 1, scale: invoicesWanted / INVOICES_PER_SCALE, today: todayIn('America/Chicago') });
    seeding = `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  } else if (held < invoicesWanted) {
    seeding = `reused: holds ${held} of the ${invoicesWanted} invoices asked for (a database with data is never reseeded)`;
  }
  // The bench's own admin (a reused database's users have passwords nobody knows).
  const passwordHash = await hashPassword(BENCH_PASSWORD, 2 ** 10);
  const updated = await db
    .update(users)
    .set({ passwordHash, type: 'admin' })
    .where(sql`lower(${users.username}) = ${BENCH_USER}`)
    .returning({ id: users.id });
  if (updated.length === 0)
    await db.insert(users).values({ username: BENCH_USER, email: '', type: 'admin', passwordHash });

  const config = testConfig({ webDist });
  const app = await buildApp({ database, config });
  // BENCH_PORT: the app's port (the hello-world takes the next one); by default any free port.
  const port = Number(process.env.BENCH_PORT ?? 0);
  const address = await app.listen({ port, host: '127.0.0.1' });
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloAddress = await hello.listen({ port: port && port + 1, host: '127.0.0.1' });

  const res = await fetch(`${address}/api/user/signIn/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_USER, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const [sizes] = (
    (await db.execute(
      sql`select (select count(*) from invoices)::int as invoices, (select count(*) from invoice_items)::int as lines,
        (select count(*) from customers)::int as customers, (select count(*) from products)::int as products`,
    )) as unknown as { rows: Record<string, number>[] }
  ).rows;
  return {
    database,
    db,
    app,
    address,
    helloAddress,
    token,
    summary: `${database.kind}: ${sizes.invoices} invoices, ${sizes.lines} lines, ${sizes.customers} customers, ${sizes.products} products (${seeding})`,
    async close() {
      await hello.close();
      await app.close();
      await database.close();
    },
  };
}
