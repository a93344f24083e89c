import { INVOICE_MESSAGES, type InvoiceItem } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const { newInvoice, addLine, setInvoice } = invoiceCalls(() => t);

async function ok(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, token = t.adminToken) {
  const res = await t.call(method, url, body, token);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}
const preview = (id: number | string, token: string | null = t.adminToken) =>
  t.call('GET', `/api/invoice/reprice/${id}/`, undefined, token);
const reprice = (body: unknown, token: string | null = t.adminToken) =>
  t.call('POST', '/api/invoice/reprice/', body, token);
const linesOf = async (id: number) => (await ok('POST', `/api/invoice/${id}/`, {})).invoiceItems as InvoiceItem[];

/** Express Mart's group sells cola at $1.20 (its own price $1.24); chips have no group price. */
async function setUp(tag: string) {
  const group = (await ok('POST', '/api/priceGroup/new/', { name: `Express ${tag}` })).priceGroup;
  const express = (await ok('POST', '/api/customer/new/', { company: `Express Mart ${tag}`, priceGroupID: group.id }))
    .customer;
  const corner = (await ok('POST', '/api/customer/new/', { company: `Corner Store ${tag}` })).customer;
  const cola = await createProduct(t, { name: `Cola ${tag}`, sellingPrice: 1.24, suggestedRetailPrice: 1.99 });
  const chips = await createProduct(t, { name: `Chips ${tag}`, sellingPrice: 2.5 });
  await ok('POST', '/api/priceGroup/insert/', {
    priceGroupID: group.id,
    productID: cola.id,
    price: 1.2,
    suggestedRetailPrice: 1.89,
  });
  const draft = await newInvoice();
  await setInvoice(draft.id, { customerID: corner.id });
  const colaLine = await addLine(draft.id, cola.id);
  await ok('PATCH', '/api/invoice/update/item/', { id: colaLine.id, invoiceID: draft.id, quantity: 10 });
  await addLine(draft.id, chips.id);
  return { express, corner, cola, draft: draft as { id: number }, colaLine: colaLine as { id: number } };
}

describe('invoice/reprice', () => {
  it("after a change of customer, shows the lines the new customer's prices change, then re-prices them (audited)", async () => {
    const { express, draft, colaLine, cola } = await setUp('R1');
    // Corner Store's default prices: nothing to re-price.
    expect((await ok('GET', `/api/invoice/reprice/${draft.id}/`)).lines).toEqual([]);

    await setInvoice(draft.id, { customerID: express.id });
    const shown = await ok('GET', `/api/invoice/reprice/${draft.id}/`);
    expect(shown).toEqual({
      customer: 'Express Mart R1',
      lines: [{ lineID: colaLine.id, productName: cola.name, quantity: 10, from: 1.24, to: 1.2, change: -0.4 }],
      change: -0.4,
    });
    // The preview changes nothing.
    expect((await linesOf(draft.id)).find((l) => l.id === colaLine.id)?.sellingPrice).toBe(1.24);

    const done = await ok('POST', '/api/invoice/reprice/', { id: draft.id });
    expect(done.repriced).toBe(1);
    expect(done.invoiceTotals.total).toBe(14.5);
    const line = (await linesOf(draft.id)).find((l) => l.id === colaLine.id);
    expect(line).toMatchObject({ sellingPrice: 1.2, suggestedRetailPrice: 1.89, subtotal: 12 });
    const summary = await ok('POST', `/api/invoice/summary/${draft.id}/`);
    expect(summary.invoiceTotals.total).toBe(14.5);
    // Audited as a change of the line, in dollars.
    const result = await t.database.db.execute(
      sql`select after from audit_log where entity = 'invoice_item' and entity_id = ${colaLine.id} and action = 'update' order by id desc limit 1`,
    );
    const after = (result as unknown as { rows: { after: { sellingPrice: number } }[] }).rows[0].after;
    expect(after.sellingPrice).toBe(1.2);
    // Nothing left to re-price.
    expect((await ok('GET', `/api/invoice/reprice/${draft.id}/`)).lines).toEqual([]);
  });

  it('re-prices only the lines asked for', async () => {
    const { express, draft, colaLine } = await setUp('R2');
    await setInvoice(draft.id, { customerID: express.id });
    const none = await ok('POST', '/api/invoice/reprice/', { id: draft.id, lineIDs: [] });
    expect(none.repriced).toBe(0);
    expect((await linesOf(draft.id)).find((l) => l.id === colaLine.id)?.sellingPrice).toBe(1.24);
  });

  it('refuses a submitted invoice (409), an unknown one (404), bad input (400), no token (401)', async () => {
    const { express, draft } = await setUp('R3');
    await setInvoice(draft.id, { customerID: express.id, status: 'DUE' });
    const submitted = await reprice({ id: draft.id });
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().message).toBe(INVOICE_MESSAGES.repriceNotDraft);
    expect((await preview(999_999)).statusCode).toBe(404);
    expect((await reprice({ id: 999_999 })).statusCode).toBe(404);
    expect((await reprice({ id: 'x' })).statusCode).toBe(400);
    expect((await reprice({ id: draft.id, lineIDs: ['a'] })).statusCode).toBe(400);
    expect((await preview('abc')).statusCode).toBe(400);
    expect((await preview(draft.id, null)).statusCode).toBe(401);
    expect((await reprice({ id: draft.id }, null)).statusCode).toBe(401);
  });

  it('a user (not only an admin) may re-price a draft', async () => {
    const { express, draft } = await setUp('R4');
    await setInvoice(draft.id, { customerID: express.id });
    const { token } = await t.createUser('reprice-clerk');
    const res = await reprice({ id: draft.id }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().repriced).toBe(1);
  });
});
