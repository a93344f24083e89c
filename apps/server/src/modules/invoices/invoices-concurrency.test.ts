import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();

const { newInvoice, summary, pay } = invoiceCalls(() => t);

describe('correctness under load', () => {
  it('50 concurrent payments and line changes leave totals equal to a recomputation from the rows', async () => {
    const inv = await newInvoice();
    const p = await createProduct(t, { sellingPrice: 3.33 });
    const line = (
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken)
    ).json().invoiceItem;
    await t.call('PATCH', '/api/invoice/update/', { id: inv.id, status: 'DUE' }, t.adminToken);
    const N = Number(process.env.CONCURRENT_OPS ?? 50);
    const work = Array.from({ length: N }, (_, i) =>
      i % 2 === 0
        ? pay(inv.id, { amountPaid: 0.01 * (i + 1) })
        : t.call('PATCH', '/api/invoice/update/item/', { id: line.id, invoiceID: inv.id, quantity: i }, t.adminToken),
    );
    const results = await Promise.all(work);
    expect(results.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);

    const check = await t.database.db.execute(sql`
      select i.total, i.paid, i.balance, i.status,
        (select coalesce(sum(subtotal), 0) from invoice_items where invoice_id = i.id and quantity > 0)::int as lines_total,
        (select coalesce(sum(amount_paid), 0) from payments where invoice_id = i.id)::int as payments_total,
        (select count(*) from payments where invoice_id = i.id)::int as payment_count
      from invoices i where i.id = ${inv.id}`);
    const row = (check as unknown as { rows: Record<string, number | string>[] }).rows[0];
    const paymentCents = Array.from({ length: N }, (_, i) => i)
      .filter((i) => i % 2 === 0)
      .reduce((sum, i) => sum + (i + 1), 0);
    expect(row.payment_count).toBe(N / 2);
    expect(row.total).toBe(row.lines_total);
    expect(row.paid).toBe(row.payments_total);
    // Σ 0.01 × (1, 3, 5 … N−1) ($6.25 for 50): every payment counted.
    expect(row.payments_total).toBe(paymentCents);
    expect(row.balance).toBe(Number(row.lines_total) - paymentCents);
  });
});

describe('the invoice row lock', () => {
  // Needs a second connection, so PostgreSQL only (PGlite has one).
  it.runIf(process.env.DB_KIND === 'postgres')(
    'a payment waits for a transaction holding the invoice, then counts what it wrote',
    async () => {
      const pg = (await import('pg')).default;
      const inv = await newInvoice();
      const p = await createProduct(t, { sellingPrice: 10 });
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
      await t.call('PATCH', '/api/invoice/update/', { id: inv.id, status: 'DUE' }, t.adminToken);

      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        // NO KEY UPDATE: the payment's foreign key check alone does not wait for it; only the service's own lock does.
        await other.query('select id from invoices where id = $1 for no key update', [inv.id]);
        let done = false;
        const payment = pay(inv.id, { amountPaid: 2 }).then((r) => {
          done = true;
          return r;
        });
        await new Promise((r) => setTimeout(r, 300));
        // Held by the other transaction: the payment must still be waiting.
        expect(done).toBe(false);
        // The other transaction adds a line of its own and commits.
        await other.query(
          `insert into invoice_items (invoice_id, product_id, product_name, barcode, cost_price, selling_price, suggested_retail_price, quantity, subtotal)
         values ($1, $2, 'Added elsewhere', '000000000000', 100, 500, 900, 1, 500)`,
          [inv.id, p.id],
        );
        await other.query('commit');
        expect((await payment).statusCode).toBe(200);
      } finally {
        await other.end();
      }
      // The payment's recompute ran after the lock was released, so it saw the other line.
      expect((await summary(inv.id)).invoiceSummary).toMatchObject({ total: 15, paid: 2, balance: 13 });
    },
  );
});
