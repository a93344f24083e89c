import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const { newInvoice, summary, addLine, setInvoice, pay } = invoiceCalls(() => t);

const discard = (id: number, token: string | null = t.adminToken) =>
  t.call('POST', `/api/invoice/discardDraft/${id}/`, undefined, token);

async function draftAudits(id: number) {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from audit_log where entity = 'invoice' and entity_id = ${id} and action = 'delete' and (before->>'draft')::boolean`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

describe('invoice/discardDraft', () => {
  it('removes an untouched NEW draft, keeps an audit entry, and never gives its number back', async () => {
    const inv = await newInvoice();
    const res = await discard(inv.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ discarded: true });
    expect((await t.call('POST', `/api/invoice/summary/${inv.id}/`, undefined, t.adminToken)).statusCode).toBe(404);
    expect(await draftAudits(inv.id)).toBe(1);
    const next = await newInvoice();
    expect(Number(next.invoiceNo.split('/')[1])).toBe(Number(inv.invoiceNo.split('/')[1]) + 1);
    // Leaving again (another tab, a retry): the draft is already gone.
    expect((await discard(inv.id)).statusCode).toBe(404);
  });

  it('keeps a draft with a line, a customer, a payment, remarks, notes or a header discount, and a submitted invoice', async () => {
    const product = await createProduct(t, { sellingPrice: 2 });
    const customer = (
      await t.call('POST', '/api/customer/new/', { company: `Draft ${Date.now()}` }, t.adminToken)
    ).json().customer;
    const touches: [string, (id: number) => Promise<unknown>][] = [
      ['line', (id) => addLine(id, product.id)],
      ['customer', (id) => setInvoice(id, { customerID: customer.id })],
      ['payment', (id) => pay(id, { amountPaid: 1 })],
      ['remarks', (id) => setInvoice(id, { remarks: 'call back' })],
      ['notes', (id) => setInvoice(id, { notes: 'thanks' })],
      ['discount', (id) => setInvoice(id, { discountRedeemed: 1 })],
      ['submitted', async (id) => (await addLine(id, product.id)) && setInvoice(id, { status: 'DUE' })],
    ];
    for (const [what, touch] of touches) {
      const inv = await newInvoice();
      await touch(inv.id);
      const res = await discard(inv.id);
      expect(res.statusCode, what).toBe(200);
      expect(res.json(), what).toEqual({ discarded: false });
      expect((await summary(inv.id)).invoiceSummary.invoiceNo, what).toBe(inv.invoiceNo);
      expect(await draftAudits(inv.id), what).toBe(0);
    }
  });

  it('removes a draft that is empty again after its only line was deleted', async () => {
    const product = await createProduct(t);
    const inv = await newInvoice();
    const line = await addLine(inv.id, product.id);
    await t.call('DELETE', `/api/invoice/delete/item/${line.id}/`, undefined, t.adminToken);
    expect((await discard(inv.id)).json()).toEqual({ discarded: true });
  });

  it('answers 404 for an unknown invoice and 401 without a token', async () => {
    const missing = await discard(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The invoice doesn't exist");
    const inv = await newInvoice();
    expect((await discard(inv.id, null)).statusCode).toBe(401);
    expect((await summary(inv.id)).invoiceSummary.status).toBe('NEW');
  });
});
