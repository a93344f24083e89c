import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalog.js';
import { multipart, testApp } from '../../test/helpers.js';
import { invoiceCalls } from '../../test/invoices.js';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { barcodePng } from '../modules/barcodes/barcode-image.js';
import { idempotencyRepository } from '../modules/idempotency/idempotency.repository.js';
import { IDEMPOTENCY_MESSAGES } from './idempotency.js';

const t = testApp();
const { newInvoice, addLine, setInvoice, summary } = invoiceCalls(() => t);
let run = 0;
const newKey = () => `test-key-${Date.now()}-${run++}`;

/** A DUE invoice of $10. */
async function dueInvoice() {
  const invoice = await newInvoice();
  const product = await createProduct(t, { sellingPrice: 10 });
  await addLine(invoice.id, product.id);
  await setInvoice(invoice.id, { status: 'DUE' });
  return invoice.id;
}

const payment = (invoiceID: number, amountPaid = 1) => ({
  invoiceID,
  date: '2026-11-20',
  paymentType: 'cash',
  amountPaid,
});

function write(key: string | undefined, options: InjectOptions, token = t.adminToken) {
  return t.app.inject({
    ...options,
    headers: { ...options.headers, token, ...(key ? { 'idempotency-key': key } : {}) },
  });
}
const pay = (key: string | undefined, body: object, token?: string) =>
  write(key, { method: 'POST', url: '/api/payment/insert/', payload: body }, token);

async function paymentsOf(invoiceID: number) {
  const rows = await t.database.db.execute(
    sql`select count(*)::int as n from payments where invoice_id = ${invoiceID}`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0].n;
}

describe('Idempotency-Key', () => {
  it('a repeated payment gets the first answer and is recorded once', async () => {
    const id = await dueInvoice();
    const key = newKey();
    const first = await pay(key, payment(id));
    expect(first.statusCode).toBe(200);
    const again = await pay(key, payment(id));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentsOf(id)).toBe(1);
    expect((await summary(id)).invoiceSummary).toMatchObject({ paid: 1, balance: 9 });
    // Without a key, the same body is another payment.
    expect((await pay(undefined, payment(id))).statusCode).toBe(200);
    expect(await paymentsOf(id)).toBe(2);
  });

  it('the same key sent twice at once: one payment, both answers the same', async () => {
    const id = await dueInvoice();
    const key = newKey();
    const [a, b] = await Promise.all([pay(key, payment(id, 2)), pay(key, payment(id, 2))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    expect(await paymentsOf(id)).toBe(1);
    expect((await summary(id)).invoiceSummary).toMatchObject({ paid: 2, balance: 8 });
  });

  it('the same key with another body is a 422 and changes nothing', async () => {
    const id = await dueInvoice();
    const key = newKey();
    await pay(key, payment(id, 1));
    const other = await pay(key, payment(id, 3));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.otherRequest });
    expect(await paymentsOf(id)).toBe(1);
  });

  it('a key that is not 1 to 255 visible characters is a 400', async () => {
    const id = await dueInvoice();
    for (const key of ['x'.repeat(256), 'with space']) {
      const res = await pay(key, payment(id));
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.badKey });
    }
    expect(await paymentsOf(id)).toBe(0);
  });

  it('a refusal is repeated too: a 404 stays a 404, and the key is not free for another request', async () => {
    const key = newKey();
    const missing = await pay(key, payment(999_999));
    expect(missing.statusCode).toBe(404);
    const again = await pay(key, payment(999_999));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(missing.json());
  });

  it("keys are each user's own; a refused call is refused again", async () => {
    const id = await dueInvoice();
    const clerk = await t.createUser(`clerk${run++}`);
    const key = newKey();
    expect((await pay(key, payment(id))).statusCode).toBe(200);
    expect((await pay(key, payment(id), clerk.token)).statusCode).toBe(200);
    expect(await paymentsOf(id)).toBe(2);
    // A user adding a user: forbidden, and forbidden again with the same key.
    const other = newKey();
    const body = { username: `u${run++}`, email: `u${run}@example.test`, password: 'a-long-password-1', type: 'user' };
    const refused = await write(other, { method: 'POST', url: '/api/user/new/', payload: body }, clerk.token);
    expect(refused.statusCode).toBe(403);
    const again = await write(other, { method: 'POST', url: '/api/user/new/', payload: body }, clerk.token);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(refused.json());
  });

  it('a cheque payment with its photo (multipart), repeated with a new boundary: one payment', async () => {
    const id = await dueInvoice();
    const key = newKey();
    const png = await barcodePng('012345678905', 'upca');
    const body = multipart([
      { name: 'payment', data: JSON.stringify({ ...payment(id, 4), paymentType: 'cheque', chequeNo: '77' }) },
      { name: 'chequeImage', filename: 'cheque.png', contentType: 'image/png', data: png },
    ]);
    const boundary = /boundary=(.+)$/.exec(body.headers['content-type'])?.[1] as string;
    const other = `x${boundary.slice(1)}`;
    const send = (payload: Buffer, type: string) =>
      write(key, { method: 'POST', url: '/api/payment/insert/', payload, headers: { 'content-type': type } });
    const first = await send(body.payload, body.headers['content-type']);
    expect(first.statusCode).toBe(200);
    const again = await send(
      Buffer.from(body.payload.toString('latin1').split(boundary).join(other), 'latin1'),
      body.headers['content-type'].replace(boundary, other),
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await paymentsOf(id)).toBe(1);
  });

  it('a read asked by POST ignores the header: nothing is kept', async () => {
    const key = newKey();
    const list = await write(key, { method: 'POST', url: '/api/invoice/all/', payload: {} });
    expect(list.statusCode).toBe(200);
    expect(await idempotencyRepository.find(t.database.db, 1, key)).toBeUndefined();
  });

  it('keys older than 72 hours are forgotten', async () => {
    const id = await dueInvoice();
    const key = newKey();
    await pay(key, payment(id));
    await t.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '73 hours' where key = ${key}`,
    );
    await idempotencyRepository.purge(t.database.db, 72);
    expect(await idempotencyRepository.find(t.database.db, 1, key)).toBeUndefined();
  });
});

describe('Idempotency-Key and server failures', () => {
  let app: FastifyInstance;
  const runs = { unapplied: 0, applied: 0 };
  beforeAll(async () => {
    app = await buildApp({ database: t.database, config: testConfig({ logLevel: 'silent' }) });
    const db = t.database.db;
    // Fails before writing anything the first time, then succeeds.
    app.post('/test/flaky', { config: { auth: 'public', idempotent: true } }, async () => {
      if (runs.unapplied++ === 0) throw new Error('failed before any write');
      return { ok: runs.unapplied };
    });
    // Commits a write, then fails.
    app.post('/test/after-commit', { config: { auth: 'public', idempotent: true } }, async () => {
      runs.applied++;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
      throw new Error('failed after the change committed');
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('a 500 that changed nothing gives the key back: the repeat runs', async () => {
    const key = newKey();
    const send = () =>
      app.inject({ method: 'POST', url: '/test/flaky', payload: {}, headers: { 'idempotency-key': key } });
    expect((await send()).statusCode).toBe(500);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: 2 });
  });

  it('a 500 after the change committed is kept: the repeat gets it and does not run again', async () => {
    const key = newKey();
    const send = () =>
      app.inject({ method: 'POST', url: '/test/after-commit', payload: {}, headers: { 'idempotency-key': key } });
    expect((await send()).statusCode).toBe(500);
    const again = await send();
    expect(again.statusCode).toBe(500);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(runs.applied).toBe(1);
  });
});
