import { describe, expect, it } from 'vitest';
import { documentFixture } from '../../../test/documents.js';
import { testApp } from '../../../test/helpers.js';

const t = testApp();

describe('GET invoice/document/{id}', () => {
  it('answers the printed invoice: parties, lines in order, footer rows and the amounts', async () => {
    const { invoice, customer, products } = await documentFixture(t);
    const res = await t.call('GET', `/api/invoice/document/${invoice.id}/`, undefined, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().invoiceDocument;
    expect(doc.invoice).toMatchObject({ id: invoice.id, invoiceNo: invoice.invoiceNo, status: 'DUE', type: 'invoice' });
    expect(doc.invoice.number).toBe(invoice.invoiceNo.replace('Invoice/', ''));
    expect(doc.customerName).toBe(customer.company);
    expect(doc.customer.addressLines).toEqual(['9 Elm Rd', 'Dallas, TX 75201']);
    expect(doc.biller.id).toBe(2);
    expect(doc.head).toEqual({ print: 'biller', thermal: 'biller' });
    expect(
      doc.lines.map((l: { description: string; quantity: number; subtotal: number }) => [
        l.description,
        l.quantity,
        l.subtotal,
      ]),
    ).toEqual([
      [products.cola.name, 3, 7.5],
      [products.chips.name, 2, 8.5],
      [products.gum.name, -1, -1.99],
    ]);
    expect(doc.lines[0]).toMatchObject({ no: 1, symbology: 'upca', unitsPerCase: 24, barcode: products.cola.barcode });
    expect(doc.lines[2].damagedGood).toBe(true);
    expect(doc.footer.map((r: { label: string; amount: number }) => [r.label, r.amount])).toEqual([
      ['Total Amount', 16],
      ['Total Credit', 1.99],
      ['Total Paid', 5],
      ['Total Balance', 9.01],
    ]);
    expect(doc).toMatchObject({ amount: 14.01, totalQuantity: 4, notes: 'Thank you!', suggestions: null });
  });

  it('puts the consignment banner on a house (biller 1) consignment invoice; single lines get no group row', async () => {
    const { invoice } = await documentFixture(t, { type: 'consignment', billerID: 1 });
    const doc = (await t.call('GET', `/api/invoice/document/${invoice.id}/`, undefined, t.adminToken)).json()
      .invoiceDocument;
    expect(doc.head).toEqual({ print: 'consignmentBanner', thermal: 'consignmentBanner' });
    expect(doc.rows.filter((r: { kind: string }) => r.kind === 'groupSubtotal')).toHaveLength(0);
    expect(doc.rows).toHaveLength(3);
  });

  it('answers 404 for an unknown invoice, 400 for a bad id, 401 without a token', async () => {
    const missing = await t.call('GET', '/api/invoice/document/999999/', undefined, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The invoice doesn't exist");
    expect((await t.call('GET', '/api/invoice/document/abc/', undefined, t.adminToken)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/invoice/document/1/', undefined, null)).statusCode).toBe(401);
  });
});
