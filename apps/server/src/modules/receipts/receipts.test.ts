import { receiptResponse } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers.js';
import { barcodePng } from '../barcodes/barcode-image.js';
import { receiptsKit } from './receipts-test-kit.js';

const { t, rows, newCustomer, dueInvoice, receive, invoiceState } = receiptsKit();

describe('receipts: one payment for several invoices', () => {
  let customer: number;
  let other: number;
  let i1: number;
  let i2: number;
  let i3: number;
  let _otherInvoice: number;
  beforeAll(async () => {
    customer = await newCustomer('Receipt Corner Store');
    other = await newCustomer('Receipt Other Mart');
    // Raised out of date order: the oldest is i1 (Sept 1), then i2 (Sept 5), then i3 (Sept 10).
    i2 = await dueInvoice(customer, '2026-09-05', 20);
    i1 = await dueInvoice(customer, '2026-09-01', 10);
    i3 = await dueInvoice(customer, '2026-09-10', 7);
    _otherInvoice = await dueInvoice(other, '2026-09-01', 3);
  });

  it("lists the customer's open invoices oldest first; 404 for no customer, 401 without a token", async () => {
    const res = await t.call('GET', `/api/receipt/open/${customer}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().invoices.map((i: { id: number; balance: number }) => [i.id, i.balance])).toEqual([
      [i1, 10],
      [i2, 20],
      [i3, 7],
    ]);
    const missing = await t.call('GET', '/api/receipt/open/999999/', undefined, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "The customer doesn't exist" });
    expect((await t.call('GET', `/api/receipt/open/${customer}/`)).statusCode).toBe(401);
  });

  it("the invoice list filters to one customer (the list's Receive Payment), with its footer over that customer only", async () => {
    const list = async (body: Record<string, unknown>) =>
      (await t.call('POST', '/api/invoice/all/', { startDate: '', ...body }, t.adminToken)).json();
    const mine = await list({ customer });
    expect(mine.invoices.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b)).toEqual(
      [i1, i2, i3].sort((a, b) => a - b),
    );
    expect(mine.totals).toMatchObject({ total: 37, balance: 37 });
    const searched = await list({ customer, searchQuery: 'Receipt' });
    expect(searched.totalRows).toBe(3);
    expect(searched.totals).toMatchObject({ total: 37 });
    expect((await list({ customer: other })).totalRows).toBe(1);
    expect((await list({ customer: 'x' })).message).toBeDefined();
  });

  let receiptId: number;
  let referenceNo: string;

  it('one cheque pays three invoices: one payment per share, one receipt reference, one stored image', async () => {
    const png = await barcodePng('RECEIPT-CHEQUE', 'code128');
    const body = multipart([
      {
        name: 'receipt',
        data: JSON.stringify({
          customerID: customer,
          date: '2026-11-20',
          paymentType: 'cheque',
          chequeNo: '7001',
          amount: 35,
          allocations: [
            { invoiceID: i1, amount: 10 },
            { invoiceID: i2, amount: 20 },
            { invoiceID: i3, amount: 5 },
          ],
        }),
      },
      { name: 'chequeImage', filename: 'cheque.png', contentType: 'image/png', data: png },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/receipt/insert/',
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { receipt } = receiptResponse.parse(res.json());
    receiptId = receipt.id;
    referenceNo = receipt.referenceNo;
    expect(receipt).toMatchObject({
      referenceNo: expect.stringMatching(/^RCT-\d{6}$/),
      customerID: customer,
      customer: 'Receipt Corner Store',
      paymentType: 'cheque',
      chequeNo: '7001',
      amount: 35,
      unallocated: 0,
      hasCheque: true,
    });
    expect(receipt.shares.map((s) => [s.invoiceID, s.amountPaid, s.amountDue, s.status, s.balance])).toEqual([
      [i1, 10, 0, 'PAID', 0],
      [i2, 20, 0, 'PAID', 0],
      [i3, 5, 2, 'DUE', 2],
    ]);
    expect(new Set(receipt.shares.map((s) => s.referenceNo)).size).toBe(3);
    expect(await invoiceState(i3)).toEqual({ status: 'DUE', paid: 5, balance: 2 });

    // One stored image, on the receipt; its payments hold none of their own.
    const stored = await rows(
      sql`select count(distinct p.id)::int as payments, count(p.cheque_file_id)::int as payment_files,
          (select count(*)::int from files f join receipts r on r.cheque_file_id = f.id where r.id = ${receiptId}) as receipt_files
          from payments p where p.receipt_id = ${receiptId}`,
    );
    expect(stored).toEqual([{ payments: 3, payment_files: 0, receipt_files: 1 }]);
    const image = await t.app.inject({
      method: 'GET',
      url: `/images/receipts/${referenceNo}.jpg`,
      headers: { token: t.adminToken },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: `/images/receipts/${referenceNo}.jpg` })).statusCode).toBe(401);

    // Payment histories (per invoice and per customer) show the receipt reference.
    const history = (await t.call('POST', `/api/payment/invoice/${i2}/`, {}, t.adminToken)).json();
    expect(history.paymentHistory.map((p: { receiptNo: string }) => p.receiptNo)).toEqual([referenceNo]);
    // A share shows the receipt's photo as its cheque, by its own reference too.
    expect(history.paymentHistory[0].hasCheque).toBe(true);
    const shareImage = await t.app.inject({
      method: 'GET',
      url: `/images/cheques/${history.paymentHistory[0].referenceNo}.jpg`,
      headers: { token: t.adminToken },
    });
    expect(shareImage.statusCode).toBe(200);
    expect(shareImage.rawPayload.equals(image.rawPayload)).toBe(true);
    const ofCustomer = (await t.call('POST', `/api/payment/customer/${customer}/`, {}, t.adminToken)).json();
    expect(ofCustomer.paymentHistory.map((p: { receiptNo: string }) => p.receiptNo)).toEqual([
      referenceNo,
      referenceNo,
      referenceNo,
    ]);

    const audit = await rows(
      sql`select entity, action, count(*)::int as n from audit_log
          where (entity = 'receipt' and entity_id = ${receiptId})
             or (entity = 'payment' and entity_id in (select id from payments where receipt_id = ${receiptId}))
          group by entity, action order by entity`,
    );
    expect(audit).toEqual([
      { entity: 'payment', action: 'create', n: 3 },
      { entity: 'receipt', action: 'create', n: 1 },
    ]);
  });

  it("GET a receipt, list the customer's receipts (404 and 401 too)", async () => {
    const res = await t.call('GET', `/api/receipt/${receiptId}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().receipt).toMatchObject({ id: receiptId, referenceNo, amount: 35 });
    expect((await t.call('GET', '/api/receipt/999999/', undefined, t.adminToken)).json()).toEqual({
      message: 'The receipt does not exist',
    });
    expect((await t.call('GET', `/api/receipt/${receiptId}/`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/receipt/abc/', undefined, t.adminToken)).statusCode).toBe(400);
    const list = await t.call('GET', `/api/receipt/customer/${customer}/`, undefined, t.adminToken);
    expect(list.json().receipts.map((r: { referenceNo: string }) => r.referenceNo)).toEqual([referenceNo]);
    expect((await t.call('GET', `/api/receipt/customer/${other}/`, undefined, t.adminToken)).json()).toEqual({
      receipts: [],
    });
    expect((await t.call('GET', '/api/receipt/customer/999999/', undefined, t.adminToken)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/receipt/customer/${customer}/`)).statusCode).toBe(401);
  });

  it('a share of a receipt cannot be changed or deleted alone: 409 naming the receipt', async () => {
    const [share] = (await t.call('GET', `/api/receipt/${receiptId}/`, undefined, t.adminToken)).json().receipt.shares;
    const message = `This payment is part of receipt ${referenceNo}: delete the receipt to change its shares`;
    const del = await t.call('DELETE', `/api/payment/delete/${share.paymentID}/`, undefined, t.adminToken);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ message });
    const upd = await t.call('PATCH', '/api/payment/update/', { id: share.paymentID, amountPaid: 1 }, t.adminToken);
    expect(upd.statusCode).toBe(409);
    expect(upd.json()).toEqual({ message });
    const invoiceDelete = await t.call('DELETE', `/api/invoice/delete/${share.invoiceID}/`, undefined, t.adminToken);
    expect(invoiceDelete.statusCode).toBe(409);
    expect(invoiceDelete.json().message).toBe(
      `${share.invoiceNo} is paid in part by receipt ${referenceNo}: delete the receipt first`,
    );
    expect(await invoiceState(share.invoiceID)).toEqual({ status: 'PAID', paid: 10, balance: 0 });
  });

  it('keeps the remainder as credit on account only when asked', async () => {
    const res = await receive({
      customerID: customer,
      amount: 50,
      creditOnAccount: true,
      allocations: [{ invoiceID: i3, amount: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receipt).toMatchObject({
      amount: 50,
      unallocated: 48,
      shares: [{ invoiceID: i3, amountPaid: 2, status: 'PAID' }],
    });
    expect(await invoiceState(i3)).toEqual({ status: 'PAID', paid: 7, balance: 0 });
    // All credit: no invoice at all.
    const all = await receive({ customerID: other, amount: 4, creditOnAccount: true, allocations: [] });
    expect(all.json().receipt).toMatchObject({ unallocated: 4, shares: [] });
    // A paid invoice is no longer open.
    const paid = await receive({ customerID: customer, amount: 1, allocations: [{ invoiceID: i1, amount: 1 }] });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/is not open \(DUE\) for this customer$/);
    await t.call('DELETE', `/api/receipt/delete/${res.json().receipt.id}/`, undefined, t.adminToken);
  });

  it('deleting the receipt removes every share and the image in one go and recomputes each invoice', async () => {
    expect((await t.call('DELETE', `/api/receipt/delete/${receiptId}/`)).statusCode).toBe(401);
    const res = await t.call('DELETE', `/api/receipt/delete/${receiptId}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(await invoiceState(i1)).toEqual({ status: 'DUE', paid: 0, balance: 10 });
    expect(await invoiceState(i2)).toEqual({ status: 'DUE', paid: 0, balance: 20 });
    expect(await invoiceState(i3)).toEqual({ status: 'DUE', paid: 0, balance: 7 });
    expect(await rows(sql`select count(*)::int as n from payments where invoice_id in (${i1}, ${i2}, ${i3})`)).toEqual([
      { n: 0 },
    ]);
    expect(await rows(sql`select count(*)::int as n from receipts where id = ${receiptId}`)).toEqual([{ n: 0 }]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/images/receipts/${referenceNo}.jpg`,
          headers: { token: t.adminToken },
        })
      ).statusCode,
    ).toBe(404);
    const audit = await rows(
      sql`select count(*)::int as n from audit_log where entity = 'payment' and action = 'delete'`,
    );
    expect(audit[0].n).toBeGreaterThanOrEqual(3);
    expect((await t.call('DELETE', `/api/receipt/delete/${receiptId}/`, undefined, t.adminToken)).statusCode).toBe(404);
  });
});
