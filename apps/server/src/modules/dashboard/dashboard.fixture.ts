import { addDays, todayIn } from '@wd/contracts';
import { expect } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import type { TestApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

/**
 * The dashboard's fixture, built through the API, dated from the business's
 * local today (T, America/Chicago as the server reads it) so the calls'
 * default periods (this month, the last 14 days) can be checked as they are:
 *
 *   I1 T Corner Store: Cola (Drinks) 10 × 1.50, Chips (Snacks) 4 × 3.00, Chips −1 (resellable
 *      return), Candy (no category) −2 × 5.00 damaged → total 27, DUE
 *   I2 T Dockside Mart: Candy 3 × 5.00 → total 15, paid 15 → PAID
 *   I3 T walk-in: Cola 2 × 1.50 → total 3, DUE
 *   I4 T NEW draft: Chips × 100 (never counted)
 *   I5 L = the 1st of this month − 20 days (last month, outside the last 14 days), Corner Store:
 *      Cola 7 × 1.50 → total 10.50, DUE
 */
export async function createDashboardFixture(t: () => TestApp, tag: string) {
  const app = t();
  const inv = invoiceCalls(t);
  const today = todayIn('America/Chicago');
  const lastMonth = addDays(`${today.slice(0, 7)}-01`, -20);
  const product = (name: string, category: string, costPrice: number, sellingPrice: number) =>
    createProduct(app, { name: `${tag} ${name}`, category, costPrice, sellingPrice });
  const cola = await product('Cola', 'Drinks', 1, 1.5);
  const chips = await product('Chips', 'Snacks', 2, 3);
  const candy = await product('Candy', '', 4, 5);
  const customer = async (company: string) =>
    (await app.call('POST', '/api/customer/new/', { company: `${tag} ${company}`, name: 'Ann' }, app.adminToken)).json()
      .customer.id as number;
  const corner = await customer('Corner Store');
  const dockside = await customer('Dockside Mart');

  async function invoice(date: string, customerID: number | null, lines: [{ id: number }, number, boolean?][]) {
    const { id } = await inv.newInvoice();
    await inv.setInvoice(id, { date, customerID });
    for (const [p, quantity, damagedGood] of lines) {
      const line = await inv.addLine(id, p.id);
      if (quantity === 1 && !damagedGood) continue;
      const res = await app.call(
        'PATCH',
        '/api/invoice/update/item/',
        { id: line.id, invoiceID: id, quantity, damagedGood },
        app.adminToken,
      );
      if (res.statusCode !== 200) throw new Error(`line update failed: ${res.body}`);
    }
    return id;
  }
  const submit = (id: number) => inv.setInvoice(id, { status: 'DUE' });

  const i1 = await invoice(today, corner, [
    [cola, 10],
    [chips, 4],
    [chips, -1],
    [candy, -2, true],
  ]);
  await submit(i1);
  const i2 = await invoice(today, dockside, [[candy, 3]]);
  await submit(i2);
  await inv.pay(i2, { amountPaid: 15, date: today });
  const i3 = await invoice(today, null, [[cola, 2]]);
  await submit(i3);
  await invoice(today, corner, [[chips, 100]]);
  const i5 = await invoice(lastMonth, corner, [[cola, 7]]);
  await submit(i5);
  const numbers = Object.fromEntries(
    await Promise.all(
      Object.entries({ i1, i2, i3, i5 }).map(async ([k, id]) => [k, (await inv.summary(id)).invoiceSummary.invoiceNo]),
    ),
  ) as Record<'i1' | 'i2' | 'i3' | 'i5', string>;
  return { today, lastMonth, ids: { i1, i2, i3, i5 }, numbers, corner, dockside };
}

/** Calls a dashboard report (`/api/reports/<name>/`) as the admin; expects a 200 and answers its body. */
export function dashboardCall(t: () => TestApp) {
  return async (name: string, body?: unknown) => {
    const res = await t().call('POST', `/api/reports/${name}/`, body, t().adminToken);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
}

/**
 * A new product, `<tag> Gum` ($1.25, category Candy), and a way to start a sale of it: a NEW
 * invoice of the fixture's Corner Store dated today holding one, answered with its id and the line's.
 */
export async function gumSale(t: () => TestApp, f: { today: string; corner: number }, tag: string) {
  const inv = invoiceCalls(t);
  const gum = await createProduct(t(), { name: `${tag} Gum`, category: 'Candy', costPrice: 0.5, sellingPrice: 1.25 });
  return {
    gum,
    async start() {
      const { id } = await inv.newInvoice();
      await inv.setInvoice(id, { date: f.today, customerID: f.corner });
      const line = await inv.addLine(id, gum.id);
      return { id, line };
    },
  };
}
