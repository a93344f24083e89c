import { type InvoiceItem, todayIn } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();

const { newInvoice, summary, addLine, setInvoice, pay } = invoiceCalls(() => t);

async function ok(method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = t.adminToken) {
  const res = await t.call(method, url, body, token);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}
const copy = (id: number | string, token: string | null = t.adminToken) =>
  t.call('POST', `/api/invoice/copy/${id}/`, undefined, token);
const linesOf = async (id: number) => (await ok('POST', `/api/invoice/${id}/`, {})).invoiceItems as InvoiceItem[];
const today = () => todayIn(t.app.ctx.config.timeZone);

/** A customer in a price group of their own. */
async function groupCustomer(name: string) {
  const group = (await ok('POST', '/api/priceGroup/new/', { name: `${name} prices` })).priceGroup;
  const customer = (await ok('POST', '/api/customer/new/', { company: name, priceGroupID: group.id })).customer;
  return { group, customer };
}

describe('invoice/copy', () => {
  it("copies lines, quantities and flags to a NEW draft of today, at today's prices for the customer", async () => {
    const { group, customer } = await groupCustomer('Corner Mart Copy');
    const chips = await createProduct(t, { name: 'Copy Chips', sellingPrice: 2, suggestedRetailPrice: 2.99 });
    const soda = await createProduct(t, { name: 'Copy Soda', sellingPrice: 1.5, suggestedRetailPrice: 1.99 });
    const gum = await createProduct(t, { name: 'Copy Gum', sellingPrice: 0.5 });
    const item = (
      await ok('POST', '/api/priceGroup/insert/', {
        priceGroupID: group.id,
        productID: chips.id,
        price: 1.8,
        suggestedRetailPrice: 2.79,
      })
    ).priceGroupItem;

    const source = await newInvoice();
    await setInvoice(source.id, {
      customerID: customer.id,
      billerID: 2,
      notes: 'Deliver to the back door',
      remarks: 'Driver saw a broken shelf',
      showSuggestedAnalysis: 1,
    });
    const chipsLine = await addLine(source.id, chips.id);
    await ok('PATCH', '/api/invoice/update/item/', { id: chipsLine.id, invoiceID: source.id, quantity: 3 });
    const sodaLine = await addLine(source.id, soda.id);
    await ok('PATCH', '/api/invoice/update/item/', { id: sodaLine.id, invoiceID: source.id, quantity: 2 });
    const back = await addLine(source.id, chips.id);
    await ok('PATCH', '/api/invoice/update/item/', {
      id: back.id,
      invoiceID: source.id,
      quantity: -1,
      damagedGood: true,
    });
    await addLine(source.id, gum.id);
    await setInvoice(source.id, { status: 'DUE', date: '2026-10-01' });
    expect((await pay(source.id, { amountPaid: 1 })).statusCode).toBe(200);

    // Since then: the group's price of chips and the soda's own price went up; the gum is deleted.
    await ok('PATCH', '/api/priceGroup/update/item/', { id: item.id, price: 1.95, suggestedRetailPrice: 2.89 });
    await ok('PATCH', '/api/product/update/', {
      id: soda.id,
      name: soda.name,
      barcodeSymbology: 'upca',
      barcode: soda.barcode,
      costPrice: 1.1,
      sellingPrice: 1.6,
      suggestedRetailPrice: 2.09,
    });
    await ok('DELETE', `/api/product/delete/${gum.id}/`);

    const res = await copy(source.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ copiedLines: 3, skipped: ['Copy Gum'] });
    expect(answer.invoice.invoiceNo).toMatch(/^Invoice\/\d+$/);
    expect(answer.invoice.id).not.toBe(source.id);

    const { invoiceSummary: head, invoiceTotals } = await summary(answer.invoice.id);
    expect(head).toMatchObject({
      type: 'invoice',
      status: 'NEW',
      consignmentStatus: null,
      date: today(),
      billerID: 2,
      customerID: customer.id,
      priceGroupID: group.id,
      notes: 'Deliver to the back door',
      remarks: '',
      showSuggestedAnalysis: 1,
      paid: 0,
      discountRedeemed: 0,
    });
    const lines = await linesOf(answer.invoice.id);
    expect(
      lines.map((l) => [l.productID, l.quantity, l.damagedGood, l.sellingPrice, l.suggestedRetailPrice, l.costPrice]),
    ).toEqual([
      [chips.id, 3, false, 1.95, 2.89, 1],
      [soda.id, 2, false, 1.6, 2.09, 1.1],
      [chips.id, -1, true, 1.95, 2.89, 1],
    ]);
    expect(lines.map((l) => l.subtotal)).toEqual([5.85, 3.2, -1.95]);
    // The stored totals are those of its lines (no payment).
    expect(invoiceTotals).toMatchObject({ total: 9.05, amountCredited: 1.95, paid: 0, balance: 7.1 });
    expect(head).toMatchObject({ total: 9.05, amountCredited: 1.95, balance: 7.1 });
    expect((await ok('POST', `/api/payment/invoice/${answer.invoice.id}/`, {})).totalRows).toBe(0);

    // The source is as it was: submitted, its four lines at their old prices, its payment.
    const before = (await summary(source.id)).invoiceSummary;
    expect(before).toMatchObject({ status: 'DUE', date: '2026-10-01', paid: 1, remarks: 'Driver saw a broken shelf' });
    expect((await linesOf(source.id)).map((l) => l.sellingPrice)).toEqual([1.8, 1.5, 1.8, 0.5]);

    // Audited like a new invoice and its line inserts, naming the source.
    const history = (await ok('POST', '/api/audit/all/', { entity: 'invoice', entityId: answer.invoice.id }))
      .auditLog as { entity: string; entityId: number; action: string }[];
    expect(history.every((e) => e.action === 'create')).toBe(true);
    const head0 = history.find((e) => e.entity === 'invoice');
    expect(head0?.entityId).toBe(answer.invoice.id);
    expect(JSON.stringify(head0)).toContain(`"field":"copiedFrom","before":"","after":"${source.invoiceNo}"`);
    expect(JSON.stringify(head0)).toContain('"field":"skipped","before":"","after":"Copy Gum"');
    expect(
      history
        .filter((e) => e.entity === 'invoice_item')
        .map((e) => e.entityId)
        .sort((a, b) => a - b),
    ).toEqual(lines.map((l) => l.id));
  });

  it('copies a consignment invoice as a consignment invoice with status DUE', async () => {
    const p = await createProduct(t, { name: 'Consigned Candy', sellingPrice: 0.75 });
    const source = await newInvoice('consignment');
    const line = await addLine(source.id, p.id);
    await ok('PATCH', '/api/invoice/update/item/', { id: line.id, invoiceID: source.id, quantity: 12 });
    await setInvoice(source.id, { transferStatus: true });
    expect((await summary(source.id)).invoiceSummary.consignmentStatus).toBe('PAID');

    const answer = (await copy(source.id)).json();
    expect(answer).toMatchObject({ copiedLines: 1, skipped: [] });
    const { invoiceSummary: head, invoiceTotals } = await summary(answer.invoice.id);
    expect(head).toMatchObject({
      type: 'consignment',
      consignmentStatus: 'DUE',
      status: 'NEW',
      customerID: 0,
      billerID: 1,
      total: 9,
    });
    expect(invoiceTotals.total).toBe(9);
  });

  it('leaves out products deleted since, soft or for good, and names each once', async () => {
    const kept = await createProduct(t, { name: 'Kept Crackers', sellingPrice: 3 });
    const soft = await createProduct(t, { name: 'Soft Gone Soda', sellingPrice: 1 });
    const hard = await createProduct(t, { name: 'Hard Gone Gum', sellingPrice: 1 });
    const source = await newInvoice();
    await addLine(source.id, soft.id);
    await addLine(source.id, kept.id);
    await addLine(source.id, hard.id);
    await addLine(source.id, soft.id);
    await ok('DELETE', `/api/product/delete/${soft.id}/`);
    await ok('DELETE', `/api/product/delete/${hard.id}/`);
    await ok('DELETE', `/api/product/delete/${hard.id}/`); // deleted for good: the line keeps its snapshot

    const answer = (await copy(source.id)).json();
    expect(answer).toMatchObject({ copiedLines: 1, skipped: ['Soft Gone Soda', 'Hard Gone Gum'] });
    expect((await linesOf(answer.invoice.id)).map((l) => l.productName)).toEqual(['Kept Crackers']);
    expect((await summary(answer.invoice.id)).invoiceTotals.total).toBe(3);

    // Nothing left to copy: an empty draft, every product named.
    const empty = await newInvoice();
    const gone = await createProduct(t, { name: 'Only Product' });
    await addLine(empty.id, gone.id);
    await ok('DELETE', `/api/product/delete/${gone.id}/`);
    const none = (await copy(empty.id)).json();
    expect(none).toMatchObject({ copiedLines: 0, skipped: ['Only Product'] });
    expect((await summary(none.invoice.id)).invoiceSummary.total).toBe(0);
  });

  it('refuses a customer deleted since (409), and copies nothing', async () => {
    const customer = (await ok('POST', '/api/customer/new/', { company: 'Closed Store Copy' })).customer;
    const source = await newInvoice();
    await setInvoice(source.id, { customerID: customer.id });
    await ok('DELETE', `/api/customer/delete/${customer.id}/`);
    const list = async () => (await ok('POST', '/api/invoice/all/', { resultsPerPage: 1 })).totalRows as number;
    const count = await list();
    const res = await copy(source.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The customer Closed Store Copy is deleted; recover it before copying this invoice',
    );
    expect(await list()).toBe(count);
  });

  it('answers 404 for an unknown invoice, 400 for a bad id, 401 without a token', async () => {
    const missing = await copy(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The invoice doesn't exist");
    for (const bad of ['abc', '0', '-3', '1.5']) expect((await copy(bad)).statusCode, bad).toBe(400);
    const source = await newInvoice();
    expect((await copy(source.id, null)).statusCode).toBe(401);
  });

  it('lets a user who is not an admin copy, as they may create invoices', async () => {
    const { token } = await t.createUser('copyclerk');
    expect((await t.call('POST', '/api/invoice/new/invoice/', undefined, token)).statusCode).toBe(200);
    const p = await createProduct(t, { name: 'Clerk Copy Water', sellingPrice: 1.25 });
    const source = await newInvoice();
    await addLine(source.id, p.id);
    const res = await copy(source.id, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().copiedLines).toBe(1);
  });

  it('makes one copy for a repeated Idempotency-Key', async () => {
    const p = await createProduct(t, { name: 'Once Only Juice', sellingPrice: 2.5 });
    const source = await newInvoice();
    await addLine(source.id, p.id);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/invoice/copy/${source.id}/`,
        headers: { token: t.adminToken, 'idempotency-key': `copy-${source.id}-key-0001` },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // No second invoice after the copy.
    const next = await t.call('POST', `/api/invoice/summary/${first.json().invoice.id + 1}/`, undefined, t.adminToken);
    expect(next.statusCode).toBe(404);
  });
});
