import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();

const { newInvoice, summary, setInvoice } = invoiceCalls(() => t);

describe('a line change answers the line and the invoice it leaves', () => {
  it('insert, merge, update and delete each answer the new totals, the same as the summary', async () => {
    const inv = await newInvoice();
    await setInvoice(inv.id, { mergeInvoiceItems: 1 });
    const p = await createProduct(t, { name: 'Answer Chips', sellingPrice: 2.25 });
    const q = await createProduct(t, { name: 'Answer Soda', sellingPrice: 1.1 });

    const first = (
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, lookup: p.barcode }, t.adminToken)
    ).json();
    expect(first.invoiceItem).toMatchObject({ productID: p.id, quantity: 1, subtotal: 2.25 });
    expect(first.invoiceTotals).toMatchObject({ total: 2.25, balance: 2.25 });
    expect(first.invoice).toMatchObject({ id: inv.id, total: 2.25, status: 'NEW' });

    // A repeated scan merges: the same line, quantity 2.
    const merged = (
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, lookup: p.barcode }, t.adminToken)
    ).json();
    expect(merged.invoiceItem).toMatchObject({ id: first.invoiceItem.id, quantity: 2, subtotal: 4.5 });
    expect(merged.invoiceTotals.total).toBe(4.5);

    const other = (
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: q.id }, t.adminToken)
    ).json();
    expect(other.invoiceTotals.total).toBe(5.6);
    expect(other.invoiceTotals).toEqual((await summary(inv.id)).invoiceTotals);

    const changed = (
      await t.call(
        'PATCH',
        '/api/invoice/update/item/',
        { id: other.invoiceItem.id, invoiceID: inv.id, quantity: 3 },
        t.adminToken,
      )
    ).json();
    expect(changed.invoiceItem).toMatchObject({ quantity: 3, subtotal: 3.3 });
    expect(changed.invoiceTotals.total).toBe(7.8);
    expect(changed.invoice.total).toBe(7.8);

    const deleted = await t.call(
      'DELETE',
      `/api/invoice/delete/item/${first.invoiceItem.id}/`,
      undefined,
      t.adminToken,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: expect.any(String), invoiceTotals: { total: 3.3 } });
    expect(deleted.json().invoiceTotals).toEqual((await summary(inv.id)).invoiceTotals);
  });
});

describe('the flags as the API takes them (0/1) and as booleans', () => {
  it('stores the invoice flags the same way from true/false and from 1/0', async () => {
    const flags = ['showSuggestedAnalysis', 'showIndividualMargin', 'showDamagedGoods', 'mergeInvoiceItems'];
    const a = await newInvoice();
    const b = await newInvoice();
    const on = await setInvoice(a.id, Object.fromEntries(flags.map((f) => [f, true])));
    const onNumbers = await setInvoice(b.id, Object.fromEntries(flags.map((f) => [f, 1])));
    for (const f of flags) {
      expect(on[f as keyof typeof on]).toBe(1);
      expect(onNumbers[f as keyof typeof onNumbers]).toBe(1);
    }
    const off = await setInvoice(a.id, { mergeInvoiceItems: false, showDamagedGoods: 0 });
    expect(off).toMatchObject({ mergeInvoiceItems: 0, showDamagedGoods: 0, showSuggestedAnalysis: 1 });
    expect((await summary(a.id)).invoiceSummary).toMatchObject({ mergeInvoiceItems: 0, showIndividualMargin: 1 });
    const bad = await t.call('PATCH', '/api/invoice/update/', { id: a.id, mergeInvoiceItems: 2 }, t.adminToken);
    expect(bad.statusCode).toBe(400);
  });

  it("takes a line's damagedGood as true/false or 1/0", async () => {
    const inv = await newInvoice();
    const p = await createProduct(t, { name: 'Damaged Flag Jar', sellingPrice: 3 });
    const line = (
      await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken)
    ).json().invoiceItem;
    const patch = (damagedGood: unknown) =>
      t.call(
        'PATCH',
        '/api/invoice/update/item/',
        { id: line.id, invoiceID: inv.id, quantity: -1, damagedGood },
        t.adminToken,
      );
    expect((await patch(1)).json().invoiceItem.damagedGood).toBe(true);
    expect((await patch(0)).json().invoiceItem.damagedGood).toBe(false);
    expect((await patch(true)).json().invoiceItem.damagedGood).toBe(true);
    expect((await patch(false)).json().invoiceItem.damagedGood).toBe(false);
    expect((await patch(2)).statusCode).toBe(400);
  });
});
