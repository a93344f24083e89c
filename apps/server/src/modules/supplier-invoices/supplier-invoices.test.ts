import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';
import { expectPagesAreTheList, expectSearchIsTheDefinition } from '../../../test/lists.js';

const t = testApp();
let supplierId: number;
beforeAll(async () => {
  supplierId = (await t.call('POST', '/api/distributor/insert/', { company: 'Core-Mark' }, t.adminToken)).json()
    .distributor.id;
});

const newInvoice = async (fields: Record<string, unknown> = {}) => {
  const res = await t.call(
    'POST',
    '/api/distributor/invoices/insert/',
    {
      date: '2026-10-01',
      distributorID: supplierId,
      invoiceNo: '55012',
      amountPurchase: 1234.56,
      note: 'Weekly order',
      ...fields,
    },
    t.adminToken,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().distributorInvoice as { id: number };
};
const pay = (invoiceID: number, fields: Record<string, unknown>) =>
  t.call(
    'POST',
    '/api/distributorPayment/insert/',
    { invoiceID, date: '2026-10-05', paymentType: 'cash', ...fields },
    t.adminToken,
  );

describe('supplier invoices', () => {
  it('starts DUE for the whole purchase; payments make it PAID with the paying date, then REFUND when overpaid', async () => {
    const inv = await newInvoice();
    const read = (await t.call('POST', `/api/distributor/invoices/${inv.id}/`, undefined, t.adminToken)).json()
      .distributorInvoice;
    expect(read).toMatchObject({
      distributor: 'Core-Mark',
      invoiceNo: '55012',
      amountPurchase: 1234.56,
      amountPaid: 0,
      amountDue: 1234.56,
      status: 'DUE',
      datePaid: null,
    });
    await pay(inv.id, { amountPaid: 1000, paymentType: 'cheque', chequeNo: '881' });
    const paid = await pay(inv.id, { amountPaid: 234.56, date: '2026-10-09' });
    expect(paid.json().payment).toMatchObject({ amountDue: 0, referenceNo: expect.stringMatching(/^SPAY-\d{6}$/) });
    expect(
      (await t.call('POST', `/api/distributor/invoices/${inv.id}/`, undefined, t.adminToken)).json().distributorInvoice,
    ).toMatchObject({ status: 'PAID', amountDue: 0, datePaid: '2026-10-09' });
    const over = await pay(inv.id, { amountPaid: 1 });
    expect(
      (await t.call('POST', `/api/distributor/invoices/${inv.id}/`, undefined, t.adminToken)).json().distributorInvoice,
    ).toMatchObject({ status: 'REFUND', amountDue: -1, datePaid: null });
    await t.call('DELETE', `/api/distributorPayment/delete/${over.json().payment.id}/`, undefined, t.adminToken);
    const history = (await t.call('POST', `/api/distributorPayment/invoice/${inv.id}/`, {}, t.adminToken)).json();
    expect(history).toMatchObject({ totalRows: 2, totals: { paid: 1234.56 } });
    const bySupplier = (
      await t.call('POST', `/api/distributorPayment/distributor/${supplierId}/`, {}, t.adminToken)
    ).json();
    expect(bySupplier.totalRows).toBeGreaterThanOrEqual(2);
  });

  it('distributorPayment/update changes a payment and the invoice follows', async () => {
    const inv = await newInvoice({ amountPurchase: 100 });
    const payment = (await pay(inv.id, { amountPaid: 40 })).json().payment;
    const upd = await t.call(
      'PATCH',
      '/api/distributorPayment/update/',
      { id: payment.id, amountPaid: 100 },
      t.adminToken,
    );
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().payment).toMatchObject({ amountPaid: 100, amountDue: 0 });
    expect(
      (await t.call('POST', `/api/distributor/invoices/${inv.id}/`, undefined, t.adminToken)).json().distributorInvoice,
    ).toMatchObject({ status: 'PAID', amountDue: 0 });
    expect(
      (
        await t.call(
          'PATCH',
          '/api/distributorPayment/update/',
          { id: payment.id, paymentType: 'cheque' },
          t.adminToken,
        )
      ).statusCode,
    ).toBe(400);
  });

  it("a supplier's payments follow their invoice to another supplier; the footer counts each invoice once", async () => {
    const other = (await t.call('POST', '/api/distributor/insert/', { company: 'McLane' }, t.adminToken)).json()
      .distributor.id as number;
    const history = async (id: number, filter: Record<string, unknown> = {}) =>
      (await t.call('POST', `/api/distributorPayment/distributor/${id}/`, filter, t.adminToken)).json();
    const a = await newInvoice({ invoiceNo: '81001', amountPurchase: 300 });
    const b = await newInvoice({ invoiceNo: '81002', amountPurchase: 50 });
    await pay(a.id, { amountPaid: 100, date: '2026-10-05' });
    await pay(a.id, { amountPaid: 50, date: '2026-10-06' });
    await pay(b.id, { amountPaid: 20, date: '2026-10-07' });
    expect(await history(other)).toMatchObject({ totalRows: 0, totals: { paid: 0, total: 0, balance: 0 } });

    // The invoice moves to McLane and takes its two payments along.
    const moved = await t.call(
      'PATCH',
      '/api/distributor/invoices/update/',
      { id: a.id, date: '2026-10-01', distributorID: other, invoiceNo: '81001', amountPurchase: 300, note: '' },
      t.adminToken,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const mclane = await history(other);
    expect(mclane.paymentHistory.map((p: { amountPaid: number }) => p.amountPaid)).toEqual([50, 100]);
    expect(mclane.paymentHistory.every((p: { distributor: string }) => p.distributor === 'McLane')).toBe(true);
    // Invoice 81001 once in the total and the balance, though two payments pay it.
    expect(mclane).toMatchObject({ totalRows: 2, totals: { paid: 150, total: 300, balance: 150 } });
    // The same figures when searched by the invoice number (looked up among the supplier's invoices
    // first), and a period that keeps one payment.
    expect(await history(other, { searchQuery: '81001' })).toMatchObject({
      totalRows: 2,
      totals: { paid: 150, total: 300, balance: 150 },
    });
    expect(await history(other, { startDate: '2026-10-06', endDate: '2026-10-06' })).toMatchObject({
      totalRows: 1,
      totals: { paid: 50, total: 300, balance: 150 },
    });
    const core = await history(supplierId, { startDate: '2026-10-05', endDate: '2026-10-07' });
    expect(core.paymentHistory.map((p: { invoiceNo: string }) => p.invoiceNo)).not.toContain('81001');
    expect(core.paymentHistory.map((p: { invoiceNo: string }) => p.invoiceNo)).toContain('81002');
  });

  it("searches the invoice number, the note and the supplier's name: the rows, count and sums of the definition", async () => {
    const eby = (
      await t.call('POST', '/api/distributor/insert/', { company: 'Eby-Brown Wholesale' }, t.adminToken)
    ).json().distributor.id as number;
    await newInvoice({ distributorID: eby, invoiceNo: '91234', amountPurchase: 10.01, note: '' });
    await newInvoice({ distributorID: eby, invoiceNo: '91235', amountPurchase: 20.02, note: 'brown boxes' });
    await newInvoice({ invoiceNo: '77123', amountPurchase: 30.03, note: 'for Eby' });
    await newInvoice({ invoiceNo: '77124', amountPurchase: 40.04, note: '50% off' });
    await expectSearchIsTheDefinition(t, '/api/distributor/invoices/all/', 'distributorInvoices', {
      fields: ['invoiceNo', 'note', 'distributor'],
      money: 'amountPurchase',
      texts: ['eby', 'BROWN', '9123', '7712', 'or', '50%', ' 91235 ', 'x', 'nothing like this'],
    });
  });

  it('lists with filters and footer totals over all matching rows', async () => {
    await newInvoice({ invoiceNo: '70001', date: '2025-01-10', amountPurchase: 100 });
    await newInvoice({ invoiceNo: '70002', date: '2025-01-20', amountPurchase: 50.5 });
    await newInvoice({ invoiceNo: '70003', date: '2025-02-01', amountPurchase: 999 });
    const res = await t.call(
      'POST',
      '/api/distributor/invoices/all/',
      { month: 1, year: 2025, resultsPerPage: 1, distributor: supplierId, status: 'DUE' },
      t.adminToken,
    );
    expect(res.json()).toMatchObject({
      totalRows: 2,
      totals: { amountPurchase: 150.5, amountPaid: 0, amountDue: 150.5 },
    });
  });

  it('pages from either end in the order of the whole list, by default and by any sort', async () => {
    for (const filter of [
      {},
      { sortingList: [{ column: 'distributor', order: 'desc' }] },
      { sortingList: [{ column: 'amountDue', order: 'asc' }] },
      { searchQuery: '7' },
    ]) {
      await expectPagesAreTheList(t, '/api/distributor/invoices/all/', 'distributorInvoices', filter);
    }
    // The order by definition: the column, then date and id in the sort's direction; newest first unsorted.
    type Row = { id: number; date: string; invoiceNo: string; amountPurchase: number };
    const rows = async (sortingList: unknown[]) =>
      (
        await t.call('POST', '/api/distributor/invoices/all/', { resultsPerPage: 1000, sortingList }, t.adminToken)
      ).json().distributorInvoices as Row[];
    const all = await rows([]);
    const byDate = (a: Row, b: Row) => a.date.localeCompare(b.date) || a.id - b.id;
    expect(all.map((r) => r.id)).toEqual([...all].sort((a, b) => byDate(b, a)).map((r) => r.id));
    for (const order of ['asc', 'desc'] as const) {
      const way = order === 'asc' ? 1 : -1;
      const want = (key: (r: Row) => string | number) =>
        [...all]
          .sort((a, b) => {
            const [x, y] = [key(a), key(b)];
            return way * (x < y ? -1 : x > y ? 1 : 0) || way * byDate(a, b);
          })
          .map((r) => r.id);
      expect((await rows([{ column: 'invoiceNo', order }])).map((r) => r.id)).toEqual(want((r) => r.invoiceNo));
      expect((await rows([{ column: 'amountPurchase', order }])).map((r) => r.id)).toEqual(
        want((r) => r.amountPurchase),
      );
    }
    // A supplier's payments: sorted by their own columns the page's ids come from the payments alone.
    const inv = await newInvoice({ invoiceNo: '66001', amountPurchase: 100 });
    for (const [amountPaid, date] of [
      [5, '2026-10-02'],
      [5, '2026-10-01'],
      [7.5, '2026-10-03'],
      [1, '2026-10-03'],
    ] as const)
      expect((await pay(inv.id, { amountPaid, date })).statusCode).toBe(200);
    for (const filter of [
      {},
      { sortingList: [{ column: 'amountPaid', order: 'asc' }] },
      { sortingList: [{ column: 'paymentType', order: 'desc' }] },
      { sortingList: [{ column: 'invoiceNo', order: 'asc' }] },
      { searchQuery: 'SPAY' },
    ]) {
      await expectPagesAreTheList(t, `/api/distributorPayment/distributor/${supplierId}/`, 'paymentHistory', filter);
    }
  });

  it('a search every reference the app gives holds ("SPA", "pay-") finds every payment but one numbered otherwise', async () => {
    const supplier = (
      await t.call('POST', '/api/distributor/insert/', { company: 'Prefix Foods' }, t.adminToken)
    ).json().distributor.id as number;
    const history = async (searchQuery: string) =>
      (await t.call('POST', `/api/distributorPayment/distributor/${supplier}/`, { searchQuery }, t.adminToken)).json();
    const inv = await newInvoice({ distributorID: supplier, invoiceNo: '91001', amountPurchase: 100 });
    const ids: number[] = [];
    for (const amountPaid of [10, 20, 30]) ids.push((await pay(inv.id, { amountPaid })).json().payment.id);
    const all = await history('');
    expect(all).toMatchObject({ totalRows: 3, totals: { paid: 60, total: 100, balance: 40 } });
    for (const text of ['SPA', 'pay-', 'Y', ' sPaY- ']) expect(await history(text), text).toEqual(all);
    // A payment numbered otherwise (as a database written by another program may hold one): only
    // what it holds finds it.
    await t.database.db.execute(sql`update distributor_payments set reference_no = 'IMP-77' where id = ${ids[2]}`);
    expect(await history('SPA')).toMatchObject({ totalRows: 2, totals: { paid: 30, total: 100, balance: 40 } });
    expect((await history('p')).totalRows).toBe(3);
    expect((await history('IMP')).paymentHistory.map((p: { referenceNo: string }) => p.referenceNo)).toEqual([
      'IMP-77',
    ]);
  });

  it("sorts by the supplier's company as it is now: a renamed supplier's invoices move with it", async () => {
    const make = async (company: string) =>
      (await t.call('POST', '/api/distributor/insert/', { company }, t.adminToken)).json().distributor.id as number;
    const renamed = await make('Aaa Sort Foods');
    await newInvoice({ distributorID: renamed, invoiceNo: '71001' });
    const first = async (order: 'asc' | 'desc') =>
      (
        await t.call(
          'POST',
          '/api/distributor/invoices/all/',
          { sortingList: [{ column: 'distributor', order }], resultsPerPage: 1 },
          t.adminToken,
        )
      ).json().distributorInvoices[0].distributor;
    expect(await first('asc')).toBe('Aaa Sort Foods');
    const res = await t.call(
      'PATCH',
      '/api/distributor/update/',
      { id: renamed, company: 'Zzz Sort Foods' },
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await first('desc')).toBe('Zzz Sort Foods');
    expect(await first('asc')).not.toBe('Zzz Sort Foods');
  });

  it('validates (invoice no numeric, cheque number) and 404s', async () => {
    const bad = await t.call(
      'POST',
      '/api/distributor/invoices/insert/',
      { date: '2026-10-01', distributorID: supplierId, invoiceNo: 'A-1', amountPurchase: 1 },
      t.adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('invoiceNo must be a number');
    const inv = await newInvoice();
    const cheque = await pay(inv.id, { paymentType: 'cheque', amountPaid: 5 });
    expect(cheque.json().message).toBe('Please enter the Cheque No.');
    const missing = await t.call('POST', '/api/distributor/invoices/99999/', undefined, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The Supplier Invoice doesn't exist");
  });

  it('a supplier with invoices can not be deleted', async () => {
    const res = await t.call('DELETE', `/api/distributor/delete/${supplierId}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Core-Mark has \d+ invoices and can not be deleted$/);
  });
});
