import { createProduct } from './catalog.js';
import type { TestApp } from './helpers.js';
import { invoiceCalls } from './invoices.js';

let seq = 0;

/**
 * A submitted invoice worth printing, e-mailing and exporting: a customer with
 * an e-mail address, biller 2, two sales lines, a damaged return and a $5.00
 * payment. Amounts: total 3 × 2.50 + 2 × 4.25 = 16.00, credited 1.99,
 * amount 14.01, paid 5.00, balance 9.01.
 */
export async function documentFixture(
  t: TestApp,
  options: { type?: 'invoice' | 'consignment'; email?: string; billerID?: number } = {},
) {
  seq += 1;
  const calls = invoiceCalls(() => t);
  const customer = (
    await t.call(
      'POST',
      '/api/customer/new/',
      {
        company: `Quick Stop #${seq}`,
        name: 'Sam Lee',
        address: '9 Elm Rd',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75201',
        phone: '214-555-0199',
        email: options.email ?? `store${seq}@quickstop.test`,
      },
      t.adminToken,
    )
  ).json().customer as { id: number; company: string; email: string };
  const cola = await createProduct(t, {
    name: `Cola 12oz ${seq}`,
    sellingPrice: 2.5,
    suggestedRetailPrice: 3.49,
    unitQuantity: 24,
  });
  const chips = await createProduct(t, { name: `Chips "Hot" ${seq}`, sellingPrice: 4.25, suggestedRetailPrice: 5.99 });
  const gum = await createProduct(t, { name: `Gum ${seq}`, sellingPrice: 1.99, suggestedRetailPrice: 2.49 });
  const invoice = await calls.newInvoice(options.type ?? 'invoice');
  await calls.setInvoice(invoice.id, { customerID: customer.id, billerID: options.billerID ?? 2, notes: 'Thank you!' });
  const line = (productID: number) => calls.addLine(invoice.id, productID);
  const a = await line(cola.id);
  await t.call('PATCH', '/api/invoice/update/item/', { id: a.id, invoiceID: invoice.id, quantity: 3 }, t.adminToken);
  const b = await line(chips.id);
  await t.call('PATCH', '/api/invoice/update/item/', { id: b.id, invoiceID: invoice.id, quantity: 2 }, t.adminToken);
  const c = await line(gum.id);
  await t.call(
    'PATCH',
    '/api/invoice/update/item/',
    { id: c.id, invoiceID: invoice.id, quantity: -1, damagedGood: true },
    t.adminToken,
  );
  await calls.setInvoice(invoice.id, { status: 'DUE' });
  const paid = await calls.pay(invoice.id, { amountPaid: 5 });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  return { invoice, customer, products: { cola, chips, gum } };
}
