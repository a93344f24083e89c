import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, newTarget, onPostgres, rowsOf, spawnServer, type Target, tableCounts } from './crash-process.js';
import { storedBesideRecomputed } from './stored-totals.js';

/**
 * Real server processes (node --import tsx apps/server/src/main.ts) killed with SIGKILL and
 * started again on the same data: on the embedded database, or on a new PostgreSQL database
 * when this project runs on PostgreSQL. Ports 3720-3739 (embedded) and 3740-3759 (PostgreSQL).
 */
const port = (n: number) => (onPostgres ? 3740 : 3720) + n;
const ADMIN_PASSWORD = 'crash-admin-pass-1';

async function withTarget(work: (target: Target) => Promise<void>) {
  const target = await newTarget();
  try {
    await work(target);
  } finally {
    await target.drop();
  }
}

async function signIn(base: string) {
  const res = await api(base, 'POST', 'user/signIn/', { email: 'admin', password: ADMIN_PASSWORD });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

interface Acked {
  payments: { id: number; invoiceID: number; amountPaid: number }[];
  lines: { id: number; invoiceID: number }[];
}

/**
 * Clients that each add lines and payments to the invoices until the server stops answering;
 * every 200 is recorded.
 */
function writeLoad(base: string, token: string, invoiceIds: number[], productId: number, clients: number) {
  const acked: Acked = { payments: [], lines: [] };
  let stopped = false;
  const client = async (c: number) => {
    for (let n = 0; !stopped; n++) {
      const invoiceID = invoiceIds[(c + n) % invoiceIds.length];
      try {
        if (n % 2 === 0) {
          const res = await api(base, 'POST', 'invoice/insert/', { invoiceID, productID: productId }, token);
          if (res.status === 200) acked.lines.push({ id: res.body.invoiceItem.id, invoiceID });
        } else {
          const amountPaid = (1 + ((c * 7 + n) % 50)) / 100 + 1;
          const res = await api(
            base,
            'POST',
            'payment/insert/',
            { invoiceID, date: '2026-11-20', paymentType: 'cash', amountPaid },
            token,
          );
          if (res.status === 200) acked.payments.push({ id: res.body.payment.id, invoiceID, amountPaid });
        }
      } catch {
        // The server is gone (killed): a write in flight was never acknowledged.
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  return {
    acked,
    async stop() {
      stopped = true;
      await done;
    },
    done,
  };
}

/** Every acknowledged write is stored, and every stored invoice total is what its rows give. */
async function expectConsistent(target: Target, acked: Acked, invoiceIds: number[]) {
  const database = await target.open();
  try {
    const payments = await rowsOf<{ id: number; invoice_id: number; amount_paid: number }>(
      database,
      sql`select id, invoice_id, amount_paid from payments`,
    );
    const paymentById = new Map(payments.map((p) => [p.id, p]));
    for (const p of acked.payments) {
      expect(paymentById.get(p.id), `acknowledged payment ${p.id}`).toEqual({
        id: p.id,
        invoice_id: p.invoiceID,
        amount_paid: Math.round(p.amountPaid * 100),
      });
    }
    const lines = await rowsOf<{ id: number; invoice_id: number }>(
      database,
      sql`select id, invoice_id from invoice_items`,
    );
    const lineById = new Map(lines.map((l) => [l.id, l.invoice_id]));
    for (const l of acked.lines) expect(lineById.get(l.id), `acknowledged line ${l.id}`).toBe(l.invoiceID);

    const totals = await storedBesideRecomputed(database.db);
    expect(totals.map((t) => t.id)).toEqual(invoiceIds);
    for (const { id, stored, recomputed } of totals) expect(stored, `invoice ${id}`).toEqual(recomputed);
  } finally {
    await database.close();
  }
}

describe(`kill -9 on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('under write load: after a restart every acknowledged payment and line is there, every total recomputes', async () => {
    await withTarget(async (target) => {
      const env = { ...target.env, DEMO_DATA: '0', ADMIN_PASSWORD };
      const first = spawnServer(port(0), env);
      try {
        await first.printed('is running');
        const token = await signIn(first.url);
        const product = await api(
          first.url,
          'POST',
          'product/insert/',
          {
            name: 'Crash test cola',
            barcodeSymbology: 'upca',
            barcode: '01234567890',
            category: 'Beverages',
            costPrice: 0.55,
            sellingPrice: 0.89,
            suggestedRetailPrice: 1.29,
          },
          token,
        );
        expect(product.status).toBe(200);
        const invoiceIds: number[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await api(first.url, 'POST', 'invoice/new/invoice/', undefined, token);
          expect(res.status).toBe(200);
          invoiceIds.push(res.body.invoice.id);
        }
        const load = writeLoad(first.url, token, invoiceIds, product.body.product.id, 6);
        // Kill it in the middle of the load, once it has acknowledged a fair number of writes.
        const deadline = Date.now() + 60_000;
        while (load.acked.payments.length + load.acked.lines.length < 80 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 20));
        }
        await first.kill9();
        await load.done;
        expect(load.acked.payments.length).toBeGreaterThan(20);
        expect(load.acked.lines.length).toBeGreaterThan(20);

        const second = spawnServer(port(1), env);
        try {
          await second.printed('is running');
          if (!onPostgres) expect(second.output()).toContain('Taking over the stale lock');
          // It serves writes again.
          const again = await api(
            second.url,
            'POST',
            'payment/insert/',
            { invoiceID: invoiceIds[0], date: '2026-11-21', paymentType: 'cash', amountPaid: 2.5 },
            await signIn(second.url),
          );
          expect(again.status).toBe(200);
          load.acked.payments.push({ id: again.body.payment.id, invoiceID: invoiceIds[0], amountPaid: 2.5 });
        } finally {
          await second.stop();
        }
        await expectConsistent(target, load.acked, invoiceIds);
      } finally {
        await first.kill9();
      }
    });
  }, 300_000);

  it("during the first start's demo data: the next start loads it all, as an uninterrupted first start does", async () => {
    const clean = { counts: {} as Record<string, number>, digest: '' };
    const env = (target: Target) => ({ ...target.env, DEMO_DATA: '1', DEMO_SEED: '3', ADMIN_PASSWORD });
    await withTarget(async (target) => {
      const server = spawnServer(port(2), env(target));
      try {
        await server.printed('is running');
        await signIn(server.url);
      } finally {
        await server.stop();
      }
      Object.assign(clean, await seededState(target));
    });
    expect(clean.counts.invoices).toBeGreaterThan(100);

    await withTarget(async (target) => {
      const first = spawnServer(port(3), env(target));
      try {
        await first.printed('Loading demo data');
        // Loading the demo data takes about a second (embedded) or half (PostgreSQL): kill it
        // midway. Killed before it commits either way: the next start must find it unfinished.
        await new Promise((r) => setTimeout(r, 250));
      } finally {
        await first.kill9();
      }
      expect(first.output()).not.toContain('is running');
      const second = spawnServer(port(4), env(target));
      try {
        await second.printed('is running');
        // The first start was done again, its first admin too (a generated password is shown then).
        expect(second.output()).toContain('Loading demo data');
        expect(second.output()).toContain('Sign in:   admin / the password in ADMIN_PASSWORD');
        await signIn(second.url);
      } finally {
        await second.stop();
      }
      const state = await seededState(target);
      expect(state.counts).toEqual(clean.counts);
      expect(state.digest).toBe(clean.digest);
    });
  }, 300_000);

  it.skipIf(onPostgres)(
    'a second server on the same data directory refuses to start and names the first',
    async () => {
      await withTarget(async (target) => {
        const env = { ...target.env, DEMO_DATA: '0', ADMIN_PASSWORD };
        const first = spawnServer(port(5), env);
        try {
          await first.printed('is running');
          const second = spawnServer(port(6), env);
          // Without the lock it starts and serves: that ends the wait too (and fails).
          const outcome = await Promise.race([second.exited, second.printed('is running').then(() => 'running')]);
          await second.kill9();
          expect(outcome).toBe(1);
          expect(second.output()).toContain(
            `The data directory ${target.dataDir} is in use by process ${first.child.pid} on`,
          );
          expect(second.output()).toContain('stop the other one first, or set DATA_DIR to another folder');
          // One line saying why, not a stack trace.
          expect(second.output()).toContain('Wholesale Desk could not start: The data directory');
          expect(second.output()).not.toMatch(/\n\s+at /);
          // The first one still serves.
          expect((await api(first.url, 'GET', 'health')).status).toBe(200);
        } finally {
          await first.stop();
        }
      });
    },
    300_000,
  );
});

/** Row counts of every table, and a digest of the demo data's invoices and payments (ids, numbers, amounts). */
async function seededState(target: Target) {
  const database = await target.open();
  try {
    const counts = await tableCounts(database);
    const [row] = await rowsOf<{ digest: string }>(
      database,
      sql`select md5(
            (select string_agg(concat_ws(',', id, invoice_no, date, customer_id, status, total, paid, balance), '|' order by id) from invoices)
            || (select string_agg(concat_ws(',', id, reference_no, invoice_id, amount_paid), '|' order by id) from payments)
            || (select string_agg(concat_ws(',', id, username, type), '|' order by id) from users)
          ) as digest`,
    );
    return { counts, digest: row.digest };
  } finally {
    await database.close();
  }
}
