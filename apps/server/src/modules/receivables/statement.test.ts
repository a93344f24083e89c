import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { pdfText } from '../../../test/pdf-text.js';
import { statementRepository } from './statement.repository.js';

const t = testApp();
const inv = invoiceCalls(() => t);

/**
 * Statement fixture (all $1.00 units), built through the API:
 *   I1 2026-09-10: 10 units, header discount 1.00 → amount 9.00; P1 2026-09-20 pays 4.00
 *   I2 2026-10-05: 20 units and 2 returned → amount 18.00; P2 2026-10-15 pays 5.00 with 1.00 discount (credit 6.00)
 *   I3 2026-10-25: 7 units → 7.00; P3 2026-11-02 pays 7.00 (after October)
 * Not on the statement: a NEW draft of the customer, another customer's invoice.
 * October: opening 9 − 4 = 5.00; +18 → 23; −6 → 17; +7 → 24 = closing.
 */
let customer: number;
let i2: number;
let i3: number;
beforeAll(async () => {
  const post = async (url: string, body: unknown) => (await t.call('POST', url, body, t.adminToken)).json();
  const unit = await createProduct(t, { name: 'Statement Unit', costPrice: 0.5, sellingPrice: 1 });
  customer = (
    await post('/api/customer/new/', {
      company: 'Statement Corner Store',
      name: 'Ann Lee',
      address: '9 Elm Rd',
      city: 'Dallas',
      state: 'TX',
      postalCode: '75201',
    })
  ).customer.id;
  const other = (await post('/api/customer/new/', { company: 'Statement Other Mart' })).customer.id;

  async function invoice(customerID: number, date: string, lines: number[], header: Record<string, unknown> = {}) {
    const { id } = await inv.newInvoice();
    await inv.setInvoice(id, { date, customerID, ...header });
    for (const quantity of lines) {
      const line = await inv.addLine(id, unit.id);
      if (quantity !== 1) {
        const res = await t.call(
          'PATCH',
          '/api/invoice/update/item/',
          { id: line.id, invoiceID: id, quantity },
          t.adminToken,
        );
        expect(res.statusCode).toBe(200);
      }
    }
    return id;
  }
  const submit = (id: number) => inv.setInvoice(id, { status: 'DUE' });
  const pay = async (id: number, date: string, fields: Record<string, unknown>) =>
    expect((await inv.pay(id, { date, ...fields })).statusCode).toBe(200);

  const i1 = await invoice(customer, '2026-09-10', [10], { discountRedeemed: 1 });
  await submit(i1);
  await pay(i1, '2026-09-20', { amountPaid: 4 });
  i2 = await invoice(customer, '2026-10-05', [20, -2]);
  await submit(i2);
  await pay(i2, '2026-10-15', { amountPaid: 5, discountRedeemed: 1 });
  i3 = await invoice(customer, '2026-10-25', [7]);
  await submit(i3);
  await pay(i3, '2026-11-02', { amountPaid: 7 });
  await invoice(customer, '2026-10-10', [50]); // NEW
  await submit(await invoice(other, '2026-10-06', [3]));
});

const statement = (id: number, body: Record<string, unknown>) =>
  t.call('POST', `/api/customer/statement/${id}/`, body, t.adminToken);

describe('POST customer/statement/{id}', () => {
  it('opens with what was owed before the period, runs the balance through every invoice and payment, and closes', async () => {
    const res = await statement(customer, { startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(res.statusCode).toBe(200);
    const s = res.json().statement;
    expect(s.customer).toMatchObject({
      id: customer,
      company: 'Statement Corner Store',
      name: 'Ann Lee',
      addressLines: ['9 Elm Rd', 'Dallas, TX 75201'],
    });
    expect(s).toMatchObject({ startDate: '2026-10-01', endDate: '2026-10-31', openingBalance: 5 });
    expect(
      s.entries.map((e: Record<string, unknown>) => [e.date, e.kind, e.invoiceId, e.charge, e.credit, e.balance]),
    ).toEqual([
      ['2026-10-05', 'invoice', i2, 18, 0, 23],
      ['2026-10-15', 'payment', i2, 0, 6, 17],
      ['2026-10-25', 'invoice', i3, 7, 0, 24],
    ]);
    expect(s.entries[1].reference).toMatch(/^PAY-\d+$/);
    expect(s).toMatchObject({ totalCharges: 25, totalCredits: 6, closingBalance: 24 });
  });

  it('closes at the sum of the invoice balances dated up to the end when no later payment exists', async () => {
    const s = (await statement(customer, { startDate: '2026-09-01', endDate: '2026-11-30' })).json().statement;
    expect(s.openingBalance).toBe(0);
    expect(s.closingBalance).toBe(17);
    expect(await statementRepository.balancesUpTo(t.database.db, customer, '2026-11-30')).toBe(1700);
  });

  it('defaults to this month up to today', async () => {
    const s = (await statement(customer, {})).json().statement;
    expect(s.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(s.startDate).toBe(`${s.endDate.slice(0, 8)}01`);
  });

  it('answers 400 for a start after the end or a bad date, 404 for an unknown customer, 401 without a session', async () => {
    const backwards = await statement(customer, { startDate: '2026-11-01', endDate: '2026-10-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: 'The start date must not be after the end date', field: 'startDate' });
    const bad = await statement(customer, { endDate: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/endDate/);
    const missing = await statement(999_999, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The customer doesn't exist");
    expect((await t.call('POST', `/api/customer/statement/${customer}/`, {}, null)).statusCode).toBe(401);
  });
});

describe('POST customer/statement/pdf/{id}', () => {
  it('is a PDF of the same figures, the same bytes each time', async () => {
    const body = { startDate: '2026-10-01', endDate: '2026-10-31' };
    const res = await t.call('POST', `/api/customer/statement/pdf/${customer}/`, body, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statement-Statement-Corner-Store-2026-10-01_2026-10-31.pdf"',
    );
    if (process.env.STATEMENT_PDF_OUT)
      (await import('node:fs')).writeFileSync(process.env.STATEMENT_PDF_OUT, res.rawPayload);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Statement of Account',
      '10-01-2026',
      'to 10-31-2026',
      'Statement Corner Store',
      'Opening balance',
      '$5.00',
      '$18.00',
      '$23.00',
      '$6.00',
      '$17.00',
      '$24.00',
      'Closing balance',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    const again = await t.call('POST', `/api/customer/statement/pdf/${customer}/`, body, t.adminToken);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers 404 as JSON for an unknown customer', async () => {
    const res = await t.call('POST', '/api/customer/statement/pdf/999999/', {}, t.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The customer doesn't exist");
  });
});
