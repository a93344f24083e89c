import { createProduct } from './catalog.js';
import type { TestApp } from './helpers.js';
import { invoiceCalls } from './invoices.js';

/**
 * The reports' fixture, built through the API as a user would: three
 * products, two billers, two customers and walk-in sales in November 2026,
 * one invoice in October (outside the month), one NEW draft (never counted),
 * and expenses per biller. reports.test.ts computes every figure by hand.
 *
 * November 2026, counted invoices:
 *   I1 05-Nov Acme → Corner Store: Cola 10 × 1.50 (cost 1.00), Chips 4 × 3.00 (cost 2.00),
 *      Chips −1 (resellable return), Candy −2 × 5.00 damaged (cost 4.00); header discount 1.00,
 *      award points 2.00; paid 5.00 → total 27, credited 13, balance 8 (DUE)
 *   I2 20-Nov Beta → Dockside Mart: Candy 3 × 5.00; paid 14.00 + discount 1.00 → balance 0 (PAID)
 *   I3 12-Nov Acme → walk-in: Cola 2 × 1.50 → balance 3 (DUE)
 * Not counted in November: I4 10-Nov NEW (Chips × 100), I5 15-Oct Acme → Corner Store Cola 7 (DUE).
 * Expenses: Acme 4.00 (03-Nov) and 100.00 (01-Oct); Beta 2.50 (25-Nov).
 */
export async function createReportFixture(t: () => TestApp, tag: string) {
  const app = t();
  const inv = invoiceCalls(t);
  const post = async (url: string, body: unknown) => {
    const res = await app.call(
      url.startsWith('PATCH ') ? 'PATCH' : 'POST',
      url.replace('PATCH ', ''),
      body,
      app.adminToken,
    );
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.body}`);
    return res.json();
  };
  const cola = await createProduct(app, { name: `${tag} Cola 12oz`, costPrice: 1, sellingPrice: 1.5 });
  const chips = await createProduct(app, { name: `${tag} Chips`, costPrice: 2, sellingPrice: 3 });
  const candy = await createProduct(app, { name: `${tag} Candy`, costPrice: 4, sellingPrice: 5 });
  const acme = (await post('/api/supplier/new/', { company: `${tag} Acme Wholesale` })).biller.id as number;
  const beta = (await post('/api/supplier/new/', { company: `${tag} Beta Supply` })).biller.id as number;
  const corner = (await post('/api/customer/new/', { company: `${tag} Corner Store`, name: 'Ann' })).customer.id;
  const dockside = (await post('/api/customer/new/', { company: `${tag} Dockside Mart`, name: 'Bob' })).customer.id;

  /** A NEW invoice with its header and lines; `lines` are [product, quantity, damaged?]. */
  async function invoice(
    date: string,
    billerID: number,
    customerID: number | null,
    lines: [{ id: number }, number, boolean?][],
  ) {
    const { id } = await inv.newInvoice();
    await inv.setInvoice(id, { date, billerID, customerID });
    for (const [product, quantity, damagedGood] of lines) {
      const line = await inv.addLine(id, product.id);
      if (quantity !== 1 || damagedGood) {
        await post('PATCH /api/invoice/update/item/', { id: line.id, invoiceID: id, quantity, damagedGood });
      }
    }
    return id;
  }
  const submit = (id: number) => inv.setInvoice(id, { status: 'DUE' });

  const i1 = await invoice('2026-11-05', acme, corner, [
    [cola, 10],
    [chips, 4],
    [chips, -1],
    [candy, -2, true],
  ]);
  await inv.setInvoice(i1, { discountRedeemed: 1, awardPointsRedeemed: 2 });
  await submit(i1);
  await inv.pay(i1, { amountPaid: 5 });
  const i2 = await invoice('2026-11-20', beta, dockside, [[candy, 3]]);
  await submit(i2);
  await inv.pay(i2, { amountPaid: 14, discountRedeemed: 1 });
  const i3 = await invoice('2026-11-12', acme, null, [[cola, 2]]);
  await submit(i3);
  await invoice('2026-11-10', acme, corner, [[chips, 100]]);
  const i5 = await invoice('2026-10-15', acme, corner, [[cola, 7]]);
  await submit(i5);

  for (const [billerID, date, amount] of [
    [acme, '2026-11-03', 4],
    [acme, '2026-10-01', 100],
    [beta, '2026-11-25', 2.5],
  ] as const) {
    await post('/api/expenses/insert/', { billerID, date, amount, expense: 'Fuel', category: 'Travel' });
  }
  return { cola, chips, candy, acme, beta, corner, dockside };
}
