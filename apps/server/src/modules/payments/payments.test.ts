import {
  paymentHistoryResponse,
  paymentSchema,
  supplierPaymentHistoryResponse,
  supplierPaymentSchema,
} from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { multipart, testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { barcodePng } from '../barcodes/barcode-image.js';

const t = testApp();

const { newInvoice, summary, pay, addLine, setInvoice } = invoiceCalls(() => t);

/** A new supplier with one supplier invoice of `amountPurchase`. */
async function newSupplierInvoice(amountPurchase: number) {
  const supplier = (
    await t.call('POST', '/api/distributor/insert/', { company: `Supplier ${Math.random()}` }, t.adminToken)
  ).json().distributor as { id: number };
  const inv = (
    await t.call(
      'POST',
      '/api/distributor/invoices/insert/',
      { date: '2026-05-01', distributorID: supplier.id, invoiceNo: '4242', amountPurchase },
      t.adminToken,
    )
  ).json().distributorInvoice as { id: number };
  return { supplier, inv };
}

/** A multipart payment with a cheque photo, to `path` (payment/insert or distributorPayment/insert). */
async function payByCheque(path: string, fields: Record<string, unknown>, png: Buffer) {
  const body = multipart([
    {
      name: 'payment',
      data: JSON.stringify({ date: '2026-11-21', paymentType: 'cheque', chequeNo: '2002', ...fields }),
    },
    { name: 'chequeImage', filename: 'cheque.png', contentType: 'image/png', data: png },
  ]);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...body.headers, token: t.adminToken },
    payload: body.payload,
  });
}

describe('states and payments', () => {
  it('submit settles DUE; biller and customer lock after NEW; payments move DUE → PAID → REFUND', async () => {
    const inv = await newInvoice();
    const p = await createProduct(t, { sellingPrice: 10 });
    await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
    const submitted = await t.call('PATCH', '/api/invoice/update/', { id: inv.id, status: 'DUE' }, t.adminToken);
    expect(submitted.json().invoice).toMatchObject({ status: 'DUE', balance: 10 });
    const locked = await t.call('PATCH', '/api/invoice/update/', { id: inv.id, billerID: 2 }, t.adminToken);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('The biller and customer can only change while the invoice is NEW');
    const transfer = await t.call('PATCH', '/api/invoice/update/', { id: inv.id, transferBiller: true }, t.adminToken);
    expect(transfer.json().invoice.billerID).toBe(2);

    const part = await pay(inv.id, { paymentType: 'cheque', chequeNo: '1001', amountPaid: 6 });
    expect(part.json().payment).toMatchObject({
      amountPaid: 6,
      amountDue: 4,
      referenceNo: expect.stringMatching(/^PAY-\d{6}$/),
    });
    expect((await summary(inv.id)).invoiceSummary).toMatchObject({ status: 'DUE', paid: 6, balance: 4 });
    await pay(inv.id, { amountPaid: 3.5, discountRedeemed: 0.5 });
    expect((await summary(inv.id)).invoiceSummary).toMatchObject({ status: 'PAID', balance: 0, discountRedeemed: 0.5 });
    const over = await pay(inv.id, { amountPaid: 1 });
    expect((await summary(inv.id)).invoiceSummary).toMatchObject({ status: 'REFUND', balance: -1 });
    await t.call('DELETE', `/api/payment/delete/${over.json().payment.id}/`, undefined, t.adminToken);
    expect((await summary(inv.id)).invoiceSummary.status).toBe('PAID');

    const history = (await t.call('POST', `/api/payment/invoice/${inv.id}/`, {}, t.adminToken)).json();
    expect(history.totalRows).toBe(2);
    expect(history.totals).toEqual({ total: 10, paid: 9.5, discount: 0.5, balance: 0 });
  });

  it('payment/update changes a payment and the invoice follows', async () => {
    const inv = await newInvoice();
    const p = await createProduct(t, { sellingPrice: 20 });
    await t.call('POST', '/api/invoice/insert/', { invoiceID: inv.id, productID: p.id }, t.adminToken);
    await t.call('PATCH', '/api/invoice/update/', { id: inv.id, status: 'DUE' }, t.adminToken);
    const payment = (await pay(inv.id, { amountPaid: 5 })).json().payment;
    const upd = await t.call('PATCH', '/api/payment/update/', { id: payment.id, amountPaid: 20 }, t.adminToken);
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().payment).toMatchObject({ amountPaid: 20, amountDue: 0 });
    expect((await summary(inv.id)).invoiceSummary).toMatchObject({ status: 'PAID', paid: 20, balance: 0 });
    const cheque = await t.call(
      'PATCH',
      '/api/payment/update/',
      { id: payment.id, paymentType: 'cheque' },
      t.adminToken,
    );
    expect(cheque.statusCode).toBe(400);
    expect(cheque.json().message).toBe('Please enter the Cheque No.');
    expect(
      (await t.call('PATCH', '/api/payment/update/', { id: 999999, amountPaid: 1 }, t.adminToken)).statusCode,
    ).toBe(404);
  });

  it('refuses a cheque without a number and a payment of nothing (400)', async () => {
    const inv = await newInvoice();
    const cheque = await pay(inv.id, { paymentType: 'cheque', amountPaid: 5 });
    expect(cheque.statusCode).toBe(400);
    expect(cheque.json().message).toBe('Please enter the Cheque No.');
    const nothing = await pay(inv.id, { amountPaid: 0 });
    expect(nothing.statusCode).toBe(400);
    expect((await pay(999999, { amountPaid: 1 })).statusCode).toBe(404);
  });

  it('takes a cheque photo as multipart and serves it to signed-in users only', async () => {
    const inv = await newInvoice();
    const png = await barcodePng('CHEQUE-1', 'code128');
    const res = await payByCheque('/api/payment/insert/', { invoiceID: inv.id, amountPaid: 5 }, png);
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json().payment.referenceNo;
    expect(res.json().payment.hasCheque).toBe(true);
    const image = await t.call('GET', `/images/cheques/${ref}.jpg`, undefined, t.adminToken);
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    expect((await t.call('GET', `/images/cheques/${ref}.jpg`)).statusCode).toBe(401);
  });
});

describe('payment histories', () => {
  const keys = (o: object) => Object.keys(o).sort();

  it('answer { paymentHistory, currentPage, numPages, totalRows, totals } for an invoice and for a customer', async () => {
    const customer = (
      await t.call('POST', '/api/customer/new/', { company: `Payer ${Date.now()}` }, t.adminToken)
    ).json().customer;
    const p = await createProduct(t, { sellingPrice: 50 });
    const invoices = [await newInvoice(), await newInvoice()];
    for (const inv of invoices) {
      await setInvoice(inv.id, { customerID: customer.id });
      await addLine(inv.id, p.id);
      await setInvoice(inv.id, { status: 'DUE' });
    }
    await pay(invoices[0].id, { amountPaid: 10, date: '2026-03-31' });
    await pay(invoices[0].id, { amountPaid: 5, discountRedeemed: 1, date: '2026-04-01' });
    await pay(invoices[1].id, { amountPaid: 7, date: '2026-04-02' });

    const byInvoice = await t.call(
      'POST',
      `/api/payment/invoice/${invoices[0].id}/`,
      { resultsPerPage: 1 },
      t.adminToken,
    );
    expect(byInvoice.statusCode, byInvoice.body).toBe(200);
    const body = byInvoice.json();
    expect(keys(body)).toEqual(['currentPage', 'numPages', 'paymentHistory', 'totalRows', 'totals']);
    // The history footer (total, paid, balance): two payments of one $50 invoice count its total once.
    expect(body).toMatchObject({ currentPage: 1, numPages: 2, totalRows: 2 });
    expect(body.totals).toEqual({ total: 50, paid: 15, discount: 1, balance: 34 });
    expect(keys(body.paymentHistory[0])).toEqual(keys(paymentSchema.shape));
    // Newest first by default.
    expect(body.paymentHistory[0]).toMatchObject({ date: '2026-04-01', amountPaid: 5, discountRedeemed: 1 });
    expect(paymentHistoryResponse.safeParse(body).success).toBe(true);

    const byCustomer = (
      await t.call(
        'POST',
        `/api/payment/customer/${customer.id}/`,
        { startDate: '2026-04-01', endDate: '2026-04-02', sortingList: [{ column: 'amountPaid', order: 'asc' }] },
        t.adminToken,
      )
    ).json();
    expect(byCustomer.paymentHistory.map((x: { amountPaid: number }) => x.amountPaid)).toEqual([5, 7]);
    // Over every matching row, not the page: both invoices once each, what they still owe now.
    expect(byCustomer.totals).toEqual({ total: 100, paid: 12, discount: 1, balance: 34 + 43 });

    const badSort = await t.call(
      'POST',
      `/api/payment/customer/${customer.id}/`,
      { sortingList: [{ column: '__proto__', order: 'asc' }] },
      t.adminToken,
    );
    expect(badSort.statusCode).toBe(400);
  });

  it('answer the same shape for a supplier invoice and a supplier, with total, paid and balance', async () => {
    const { supplier, inv } = await newSupplierInvoice(30);
    for (const amountPaid of [10, 12.5]) {
      await t.call(
        'POST',
        '/api/distributorPayment/insert/',
        { invoiceID: inv.id, date: '2026-05-02', paymentType: 'cash', amountPaid },
        t.adminToken,
      );
    }
    for (const path of [`invoice/${inv.id}`, `distributor/${supplier.id}`]) {
      // Every column of the shared history screen sorts (the discount as 0 for suppliers).
      const sortingList = [{ column: 'discountRedeemed', order: 'asc' }];
      const body = (await t.call('POST', `/api/distributorPayment/${path}/`, { sortingList }, t.adminToken)).json();
      expect(keys(body)).toEqual(['currentPage', 'numPages', 'paymentHistory', 'totalRows', 'totals']);
      expect(body).toMatchObject({ currentPage: 1, numPages: 1, totalRows: 2 });
      expect(body.totals).toEqual({ total: 30, paid: 22.5, balance: 7.5 });
      expect(keys(body.paymentHistory[0])).toEqual(keys(supplierPaymentSchema.shape));
      expect(supplierPaymentHistoryResponse.safeParse(body).success).toBe(true);
      // One supplier in either history: by its name, either way, the rows keep the default order.
      const newestFirst = (await t.call('POST', `/api/distributorPayment/${path}/`, {}, t.adminToken)).json();
      for (const order of ['asc', 'desc']) {
        const sorted = await t.call(
          'POST',
          `/api/distributorPayment/${path}/`,
          { sortingList: [{ column: 'distributor', order }] },
          t.adminToken,
        );
        const refs = (h: { paymentHistory: { referenceNo: string; distributor: string }[] }) =>
          h.paymentHistory.map((p) => [p.referenceNo, p.distributor]);
        expect(refs(sorted.json())).toEqual(refs(newestFirst));
      }
    }
  });
});

describe('cheque photos of both kinds', () => {
  it("serves a supplier payment's cheque from the same address as a customer payment's", async () => {
    const { inv } = await newSupplierInvoice(9);
    const png = await barcodePng('SUPPLIER-CHEQUE', 'code128');
    const res = await payByCheque('/api/distributorPayment/insert/', { invoiceID: inv.id, amountPaid: 9 }, png);
    expect(res.statusCode, res.body).toBe(200);
    const ref = res.json().payment.referenceNo;
    expect(ref).toMatch(/^SPAY-\d{6}$/);
    const image = await t.call('GET', `/images/cheques/${ref}.jpg`, undefined, t.adminToken);
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    const none = await t.call('GET', '/images/cheques/PAY-999999.jpg', undefined, t.adminToken);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This payment has no cheque associated with it!');
  });
});
