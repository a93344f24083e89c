import type { Customer } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const { newInvoice, addLine, setInvoice } = invoiceCalls(() => t);

async function createCustomer(company: string, creditLimit?: number) {
  const res = await t.call('POST', '/api/customer/new/', { company, creditLimit }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customer as Customer;
}

/** A NEW invoice for the customer with one line of `price` (quantity 1). */
async function draft(customerID: number, price: number) {
  const p = await createProduct(t, { sellingPrice: price });
  const inv = await newInvoice();
  await setInvoice(inv.id, { customerID });
  const line = await addLine(inv.id, p.id);
  return { invoice: inv, line, product: p };
}

const submit = (id: number, confirm?: boolean) =>
  t.call(
    'PATCH',
    '/api/invoice/update/',
    { id, status: 'DUE', ...(confirm ? { confirmCreditLimit: true } : {}) },
    t.adminToken,
  );
const credit = async (id: number) =>
  (await t.call('GET', `/api/customer/credit/${id}/`, undefined, t.adminToken)).json().credit;
const status = async (id: number) =>
  (await t.call('POST', `/api/invoice/summary/${id}/`, undefined, t.adminToken)).json().invoiceSummary.status;

async function confirmations(invoiceId: number) {
  const res = await t.database.db.execute(
    sql`select a.user_id as "userId", u.username, a.after from audit_log a left join users u on u.id = a.user_id
        where a.entity = 'credit_limit_confirmation' and a.entity_id = ${invoiceId} order by a.id`,
  );
  return (res as unknown as { rows: { userId: number; username: string; after: Record<string, unknown> }[] }).rows;
}

describe('customer credit limit field', () => {
  it('is stored in dollars, defaults to 0, is kept when an update leaves it out, and is bounded', async () => {
    const c = await createCustomer('Limit Field Store', 250.5);
    expect(c.creditLimit).toBe(250.5);
    expect((await createCustomer('No Limit Store')).creditLimit).toBe(0);
    const kept = await t.call(
      'PATCH',
      '/api/customer/update/',
      { id: c.id, company: 'Limit Field Store 2' },
      t.adminToken,
    );
    expect(kept.json().customer).toMatchObject({ company: 'Limit Field Store 2', creditLimit: 250.5 });
    const changed = await t.call(
      'PATCH',
      '/api/customer/update/',
      { id: c.id, company: 'X', creditLimit: 0 },
      t.adminToken,
    );
    expect(changed.json().customer.creditLimit).toBe(0);
    for (const creditLimit of [-1, 1.005, 21_474_836.48, '12']) {
      const bad = await t.call('POST', '/api/customer/new/', { company: 'Bad Limit', creditLimit }, t.adminToken);
      expect(bad.statusCode, String(creditLimit)).toBe(400);
      expect(bad.json().field).toBe('creditLimit');
    }
  });
});

describe('submitting past the credit limit', () => {
  it('is refused (409, the balance and limit in the message, field confirmCreditLimit) and changes nothing', async () => {
    const c = await createCustomer('Corner Shop', 10);
    const { invoice } = await draft(c.id, 12.5);
    const res = await submit(invoice.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "This takes Corner Shop's open balance to $12.50, past the credit limit of $10.00",
      field: 'confirmCreditLimit',
    });
    expect(await status(invoice.id)).toBe('NEW');
    expect(await credit(c.id)).toEqual({ customerID: c.id, creditLimit: 10, openBalance: 0, overLimit: false });
    expect(await confirmations(invoice.id)).toEqual([]);
  });

  it('is accepted with confirmCreditLimit, and the audit log records who confirmed, the invoice, balance and limit', async () => {
    const c = await createCustomer('Confirmed Shop', 10);
    const { invoice } = await draft(c.id, 12.5);
    const clerk = await t.createUser(`clerk${Date.now()}`);
    const res = await t.call(
      'PATCH',
      '/api/invoice/update/',
      { id: invoice.id, status: 'DUE', confirmCreditLimit: true },
      clerk.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice).toMatchObject({ status: 'DUE', balance: 12.5 });
    expect(await credit(c.id)).toEqual({ customerID: c.id, creditLimit: 10, openBalance: 12.5, overLimit: true });
    const [entry, ...more] = await confirmations(invoice.id);
    expect(more).toEqual([]);
    expect(entry.userId).toBe(clerk.id);
    expect(entry.after).toMatchObject({
      invoiceID: invoice.id,
      invoiceNo: invoice.invoiceNo,
      customerID: c.id,
      customer: 'Confirmed Shop',
      openBalance: 12.5,
      creditLimit: 10,
      confirmedBy: entry.username,
    });
  });

  it('counts the other DUE invoices: a submit that stays within the limit passes, the next one past it asks', async () => {
    const c = await createCustomer('Two Invoices Shop', 20);
    const first = await draft(c.id, 15);
    expect((await submit(first.invoice.id)).statusCode).toBe(200);
    const second = await draft(c.id, 5);
    expect((await submit(second.invoice.id)).statusCode).toBe(200); // exactly at the limit: not past it
    const third = await draft(c.id, 0.01);
    const res = await submit(third.invoice.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "This takes Two Invoices Shop's open balance to $20.01, past the credit limit of $20.00",
    );
  });

  it('is never checked for a customer without a limit (0) or a walk-in', async () => {
    const c = await createCustomer('Unlimited Shop');
    const { invoice } = await draft(c.id, 5000);
    expect((await submit(invoice.id)).statusCode).toBe(200);
    const walkIn = await newInvoice();
    await addLine(walkIn.id, (await createProduct(t, { sellingPrice: 9000 })).id);
    expect((await submit(walkIn.id)).statusCode).toBe(200);
    expect(await confirmations(invoice.id)).toEqual([]);
  });
});

describe('changing lines after submit', () => {
  it('asks before a scan or a quantity/price change takes the open balance past the limit; never for a NEW invoice', async () => {
    const c = await createCustomer('Line Shop', 10);
    const { invoice, line, product } = await draft(c.id, 6);
    // NEW invoices do not count: scanning past the limit before submit is free.
    expect(
      (await t.call('POST', '/api/invoice/insert/', { invoiceID: invoice.id, productID: product.id }, t.adminToken))
        .statusCode,
    ).toBe(200);
    await t.call(
      'PATCH',
      '/api/invoice/update/item/',
      { id: line.id, invoiceID: invoice.id, quantity: 1 },
      t.adminToken,
    );
    const lines = (await t.call('POST', `/api/invoice/${invoice.id}/`, {}, t.adminToken)).json().invoiceItems;
    for (const l of lines.slice(1))
      await t.call('DELETE', `/api/invoice/delete/item/${l.id}/`, undefined, t.adminToken);
    expect((await submit(invoice.id)).statusCode).toBe(200); // $6 of $10

    const scan = await t.call(
      'POST',
      '/api/invoice/insert/',
      { invoiceID: invoice.id, productID: product.id },
      t.adminToken,
    );
    expect(scan.statusCode).toBe(409);
    expect(scan.json()).toEqual({
      message: "This takes Line Shop's open balance to $12.00, past the credit limit of $10.00",
      field: 'confirmCreditLimit',
    });
    const quantity = await t.call(
      'PATCH',
      '/api/invoice/update/item/',
      { id: line.id, invoiceID: invoice.id, quantity: 2 },
      t.adminToken,
    );
    expect(quantity.statusCode).toBe(409);
    const price = await t.call(
      'PATCH',
      '/api/invoice/update/item/',
      { id: line.id, invoiceID: invoice.id, quantity: 1, sellingPrice: 10.01 },
      t.adminToken,
    );
    expect(price.statusCode).toBe(409);
    expect(price.json().message).toBe("This takes Line Shop's open balance to $10.01, past the credit limit of $10.00");
    expect(await credit(c.id)).toMatchObject({ openBalance: 6, overLimit: false });
    expect((await t.call('POST', `/api/invoice/${invoice.id}/`, {}, t.adminToken)).json().totalRows).toBe(1);

    // A change that lowers the balance is never asked about.
    const lower = await t.call(
      'PATCH',
      '/api/invoice/update/item/',
      { id: line.id, invoiceID: invoice.id, quantity: 1, sellingPrice: 4 },
      t.adminToken,
    );
    expect(lower.statusCode).toBe(200);

    const confirmed = await t.call(
      'POST',
      '/api/invoice/insert/',
      { invoiceID: invoice.id, productID: product.id, confirmCreditLimit: true },
      t.adminToken,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().invoice).toMatchObject({ status: 'DUE', balance: 10 });
    expect(await confirmations(invoice.id)).toEqual([]); // $10 is not past $10
    const past = await t.call(
      'PATCH',
      '/api/invoice/update/item/',
      { id: line.id, invoiceID: invoice.id, quantity: 2, sellingPrice: 4, confirmCreditLimit: true },
      t.adminToken,
    );
    expect(past.statusCode, past.body).toBe(200);
    expect((await confirmations(invoice.id)).map((e) => e.after.openBalance)).toEqual([14]);
  });
});

describe('customer/all overLimit', () => {
  it('lists only customers owing more than their limit', async () => {
    const over = await createCustomer('Zz Over Limit Co', 10);
    const at = await createCustomer('Zz At Limit Co', 10);
    const none = await createCustomer('Zz No Limit Co');
    for (const [c, price] of [
      [over, 10.01],
      [at, 10],
      [none, 50],
    ] as const) {
      const { invoice } = await draft(c.id, price);
      expect((await submit(invoice.id, true)).statusCode).toBe(200);
    }
    const list = async (body: Record<string, unknown>) =>
      (await t.call('POST', '/api/customer/all/', body, t.adminToken)).json();
    const filtered = await list({ overLimit: true, searchQuery: 'Zz ' });
    expect(filtered.customers.map((c: Customer) => c.company)).toEqual(['Zz Over Limit Co']);
    expect(filtered.totalRows).toBe(1);
    expect((await list({ searchQuery: 'Zz ' })).totalRows).toBe(3);
    // Every customer over the limit, without a search: the ones made here, none of the demo data's.
    const all = await list({ overLimit: true, resultsPerPage: 100 });
    expect(all.customers.every((c: Customer) => c.creditLimit > 0)).toBe(true);
    expect(all.customers.map((c: Customer) => c.id)).toContain(over.id);
    expect(all.customers.map((c: Customer) => c.id)).not.toContain(at.id);
  });
});
