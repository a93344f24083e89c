import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './helpers.js';
import { type Pgbouncer, startPgbouncer } from './pgbouncer.js';
import { createScratchDatabase, httpCall, type ServerProcess, startServerProcess } from './spawned-server.js';

/**
 * Two real server processes over one PostgreSQL database (docs/scaling.md):
 * every piece of state that matters lives in the database, so a session, a
 * payment and the sign-in limit are the same whichever instance answers.
 * Run directly, and again through a PgBouncer in transaction mode (fewer server
 * connections than the instances' pools, each transaction on any of them), as
 * large deployments run it: the start-up lock and the prepared statements must
 * hold there too (DATABASE_POOLER=transaction).
 */
const run = process.env.DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(run).each([
  { via: 'directly', ports: [3611, 3612], bouncerPort: 0 },
  { via: 'through PgBouncer in transaction mode', ports: [3613, 3614], bouncerPort: 3615 },
])('two server instances on one PostgreSQL, $via', ({ ports, bouncerPort }) => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let bouncer: Pgbouncer | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  let client: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase('wd_two');
    bouncer = bouncerPort ? await startPgbouncer(scratch.url, bouncerPort) : undefined;
    const env: Record<string, string> = bouncer
      ? { DATABASE_URL: bouncer.url, DATABASE_POOLER: 'transaction' }
      : { DATABASE_URL: scratch.url };
    // Started at once: they take turns at migrating and creating the first admin.
    [a, b] = await Promise.all([startServerProcess(ports[0], env), startServerProcess(ports[1], env)]);
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    await client?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await bouncer?.stop();
    await scratch?.drop();
  });

  const signIn = async (s: ServerProcess, username: string, password: string) => {
    const res = await httpCall(s.url, 'POST', '/api/user/signIn/', { email: username, password });
    if (res.status !== 200)
      throw new Error(`sign-in of ${username} on ${s.url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };

  it('a session opened on one instance is valid on the other, and signing out on one ends it on both', async () => {
    const token = await signIn(a, 'admin', ADMIN_PASSWORD);
    const onB = await httpCall(b.url, 'POST', '/api/user/token/', undefined, token);
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ username: 'admin', type: 'admin', token });
    expect((await httpCall(b.url, 'POST', '/api/user/signOut/', undefined, token)).status).toBe(200);
    const onA = await httpCall(a.url, 'POST', '/api/user/token/', undefined, token);
    expect(onA.status).toBe(401);
  });

  it('60 concurrent payments on one invoice split across both: every acknowledged one stored, totals exact', async () => {
    const token = await signIn(a, 'admin', ADMIN_PASSWORD);
    const product = await httpCall(
      a.url,
      'POST',
      '/api/product/insert/',
      {
        name: 'Two-instance product',
        barcodeSymbology: 'upca',
        barcode: '04000000001',
        category: 'Snacks',
        costPrice: 1,
        sellingPrice: 123.45,
        suggestedRetailPrice: 150,
      },
      token,
    );
    expect(product.status).toBe(200);
    const invoice = (await httpCall(b.url, 'POST', '/api/invoice/new/invoice/', undefined, token)).body.invoice;
    const line = await httpCall(
      a.url,
      'POST',
      '/api/invoice/insert/',
      { invoiceID: invoice.id, productID: product.body.product.id },
      token,
    );
    expect(line.status).toBe(200);
    expect(
      (await httpCall(b.url, 'PATCH', '/api/invoice/update/', { id: invoice.id, status: 'DUE' }, token)).status,
    ).toBe(200);

    const N = 60;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        httpCall(
          i % 2 ? b.url : a.url,
          'POST',
          '/api/payment/insert/',
          { invoiceID: invoice.id, date: '2026-11-20', paymentType: 'cash', amountPaid: 0.01 * (i + 1) },
          token,
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(N).fill(200));
    const acknowledged = answers.map((r) => r.body.payment.id as number).sort((x, y) => x - y);
    expect(new Set(acknowledged).size).toBe(N);

    const stored = await client.query<{ id: number; amount_paid: number }>(
      'select id, amount_paid from payments where invoice_id = $1 order by id',
      [invoice.id],
    );
    expect(stored.rows.map((r) => r.id)).toEqual(acknowledged);
    // Σ 1..60 cents = $18.30: every payment counted once.
    const cents = (N * (N + 1)) / 2;
    expect(stored.rows.reduce((sum, r) => sum + Number(r.amount_paid), 0)).toBe(cents);

    const check = await client.query(
      `select i.total, i.paid, i.balance,
         (select coalesce(sum(subtotal), 0) from invoice_items where invoice_id = i.id and quantity > 0)::int as lines_total,
         (select coalesce(sum(amount_paid), 0) from payments where invoice_id = i.id)::int as payments_total
       from invoices i where i.id = $1`,
      [invoice.id],
    );
    const row = check.rows[0];
    expect(Number(row.total)).toBe(12_345);
    expect(Number(row.total)).toBe(row.lines_total);
    expect(Number(row.paid)).toBe(cents);
    expect(Number(row.paid)).toBe(row.payments_total);
    expect(Number(row.balance)).toBe(12_345 - cents);
    // What either instance answers is the same.
    const summaries = await Promise.all(
      [a, b].map((s) => httpCall(s.url, 'POST', `/api/invoice/summary/${invoice.id}/`, undefined, token)),
    );
    for (const s of summaries) {
      expect(s.body.invoiceSummary).toMatchObject({
        total: 123.45,
        paid: cents / 100,
        balance: (12_345 - cents) / 100,
      });
    }
  });

  it('the sign-in limit is shared: failures on A count on B, and 30 at once across both check 10', async () => {
    const admin = await signIn(b, 'admin', ADMIN_PASSWORD);
    for (const name of ['shared.one', 'shared.two']) {
      const res = await httpCall(
        a.url,
        'POST',
        '/api/user/signUp/',
        { username: name, email: '', password: 'password-123', type: 'user' },
        admin,
      );
      expect(res.status).toBe(200);
    }
    // 10 failures, alternating A and B …
    for (let i = 0; i < 10; i++) {
      const res = await httpCall(i % 2 ? b.url : a.url, 'POST', '/api/user/signIn/', {
        email: 'shared.one',
        password: `wrong-${i}`,
      });
      expect(res.status).toBe(401);
    }
    // … lock the username on both, even with the right password.
    for (const s of [a, b]) {
      const res = await httpCall(s.url, 'POST', '/api/user/signIn/', { email: 'shared.one', password: 'password-123' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    }
    // 30 concurrent wrong passwords split across both instances: 10 checked, 20 refused.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        httpCall(i % 2 ? b.url : a.url, 'POST', '/api/user/signIn/', { email: 'shared.two', password: `wrong-${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // The admin still signs in from the same address (the per-address limit is 100).
    await expect(signIn(a, 'admin', ADMIN_PASSWORD)).resolves.toBeTypeOf('string');
  });
});
