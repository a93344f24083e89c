// Header changes that change nothing: a double-clicked Submit, the credit-limit confirmation alone.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const { newInvoice, summary, pay, setInvoice } = invoiceCalls(() => t);

describe('a header change with nothing to change', () => {
  /** The invoice's audit entries and its row's version (xmin: a new one after any write of the row). */
  async function trace(id: number) {
    const res = await t.database.db.execute(
      sql`select (select count(*)::int from audit_log where entity = 'invoice' and entity_id = ${id}) as entries,
                 (select xmin::text from invoices where id = ${id}) as version`,
    );
    return (res as unknown as { rows: { entries: number; version: string }[] }).rows[0];
  }
  const update = (body: Record<string, unknown>) => t.call('PATCH', '/api/invoice/update/', body, t.adminToken);

  /** A submitted (DUE) invoice with one line and a partial payment. */
  async function submitted() {
    const inv = await newInvoice();
    const p = await createProduct(t, { sellingPrice: 40 });
    await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
    await pay(inv.id, { amountPaid: 15 });
    const res = await update({ id: inv.id, status: 'DUE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice).toMatchObject({ status: 'DUE', total: 40, paid: 15, balance: 25 });
    return res.json().invoice as { id: number };
  }

  it('a Submit of an invoice already DUE (a double-click) answers it unchanged: nothing written, no audit entry', async () => {
    const invoice = await submitted();
    const before = await trace(invoice.id);
    const totals = (await summary(invoice.id)).invoiceTotals;
    for (const body of [{ status: 'DUE' }, { status: 'DUE', confirmCreditLimit: true }]) {
      const again = await update({ id: invoice.id, ...body });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ invoice });
    }
    expect(await trace(invoice.id)).toEqual(before);
    expect((await summary(invoice.id)).invoiceTotals).toEqual(totals);
  });

  it('two Submits at once: both 200, one submit written, one audit entry', async () => {
    const inv = await newInvoice();
    const p = await createProduct(t, { sellingPrice: 12 });
    await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
    const before = await trace(inv.id);
    const answers = await Promise.all([1, 2].map(() => update({ id: inv.id, status: 'DUE' })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().invoice)).toEqual([answers[0].json().invoice, answers[0].json().invoice]);
    expect(answers[0].json().invoice).toMatchObject({ status: 'DUE', balance: 12 });
    expect((await trace(inv.id)).entries).toBe(before.entries + 1);
  });

  it('a Submit of a PAID invoice keeps it PAID and writes nothing', async () => {
    const inv = await newInvoice();
    const p = await createProduct(t, { sellingPrice: 9 });
    await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
    await setInvoice(inv.id, { status: 'DUE' });
    await pay(inv.id, { amountPaid: 9 });
    const paid = (await summary(inv.id)).invoiceSummary;
    expect(paid.status).toBe('PAID');
    const before = await trace(inv.id);
    const res = await update({ id: inv.id, status: 'DUE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice).toMatchObject({ status: 'PAID', balance: 0 });
    expect(await trace(inv.id)).toEqual(before);
  });

  it('a Submit again with a real change writes that change alone (one audit entry)', async () => {
    const invoice = await submitted();
    const before = await trace(invoice.id);
    const res = await update({ id: invoice.id, status: 'DUE', notes: 'Leave at the back door' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice).toEqual({ ...invoice, notes: 'Leave at the back door' });
    expect((await trace(invoice.id)).entries).toBe(before.entries + 1);
  });

  it('refuses the credit-limit confirmation alone (400: it changes nothing) and writes nothing', async () => {
    for (const invoice of [await newInvoice(), await submitted()]) {
      const before = await trace(invoice.id);
      const res = await update({ id: invoice.id, confirmCreditLimit: true });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'body must hold at least one field to change besides id', field: 'body' });
      expect(await trace(invoice.id)).toEqual(before);
    }
  });
});
