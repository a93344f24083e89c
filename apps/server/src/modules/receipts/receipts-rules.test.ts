import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiptFixture, receiptsKit } from './receipts-test-kit.js';

const k = receiptsKit();
const { t, rows, newCustomer, dueInvoice, receive, invoiceState } = k;

describe('refused receipts', () => {
  let customer: number;
  let i1: number;
  let i2: number;
  let otherInvoice: number;
  beforeAll(async () => {
    ({ customer, i1, i2, otherInvoice } = await receiptFixture(k));
  });

  it('refuses a bad receipt with a 400 naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [
        { customerID: customer, amount: 10, paymentType: 'cheque', allocations: [{ invoiceID: i1, amount: 10 }] },
        'Please enter the Cheque No.',
        'chequeNo',
      ],
      [{ customerID: customer, amount: 0, allocations: [] }, 'must be more than', 'amount'],
      [{ customerID: customer, amount: -5, allocations: [] }, '', 'amount'],
      [
        { customerID: customer, amount: 12, allocations: [{ invoiceID: i1, amount: 10 }] },
        'Allocate the whole amount, or mark the remainder as credit on account',
        'allocations',
      ],
      [
        {
          customerID: customer,
          amount: 10,
          allocations: [
            { invoiceID: i1, amount: 6 },
            { invoiceID: i2, amount: 6 },
          ],
        },
        'The shares add up to more than the amount',
        'allocations',
      ],
      [
        {
          customerID: customer,
          amount: 6,
          allocations: [
            { invoiceID: i1, amount: 3 },
            { invoiceID: i1, amount: 3 },
          ],
        },
        'An invoice appears twice in the split',
        'allocations',
      ],
      [
        { customerID: customer, amount: 3, allocations: [{ invoiceID: otherInvoice, amount: 3 }] },
        'is not open (DUE) for this customer',
        'allocations',
      ],
      [{ customerID: customer, amount: 5, allocations: [{ invoiceID: i1, amount: -5 }] }, '', undefined],
      [{ customerID: customer, amount: 5 }, '', 'allocations'],
    ];
    for (const [body, message, field] of cases) {
      const res = await receive(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
      if (field) expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    const tooMuch = await receive({ customerID: customer, amount: 11, allocations: [{ invoiceID: i1, amount: 11 }] });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/^Invoice \S+ now has only \$10\.00 open/);
    expect((await receive({ customerID: 999999, amount: 1, allocations: [] })).statusCode).toBe(404);
    expect(
      (await receive({ customerID: customer, amount: 1, allocations: [{ invoiceID: 999999, amount: 1 }] })).statusCode,
    ).toBe(404);
    expect((await receive({ customerID: customer, amount: 1, allocations: [] }, null)).statusCode).toBe(401);
    expect(await rows(sql`select count(*)::int as n from receipts`)).toEqual([{ n: 0 }]);
    expect(await invoiceState(i1)).toEqual({ status: 'DUE', paid: 0, balance: 10 });
  });
});

describe('a customer with receipts', () => {
  it('is never deleted permanently, even with only credit on account', async () => {
    const customer = await newCustomer('Receipt Credit Only');
    expect(
      (await receive({ customerID: customer, amount: 9, creditOnAccount: true, allocations: [] })).statusCode,
    ).toBe(200);
    await t.call('DELETE', `/api/customer/delete/${customer}/`, undefined, t.adminToken);
    const permanent = await t.call('DELETE', `/api/customer/delete/${customer}/`, undefined, t.adminToken);
    expect(permanent.statusCode).toBe(409);
    expect(permanent.json().message).toBe('Receipt Credit Only has 1 receipt and can not be deleted permanently');
  });
});

describe('receipts at the same time', () => {
  it('two receipts for one customer at once never over-allocate an invoice; stored totals equal a recomputation', async () => {
    const customer = await newCustomer('Receipt Race Store');
    const a = await dueInvoice(customer, '2026-10-01', 10);
    const b = await dueInvoice(customer, '2026-10-02', 10);
    const c = await dueInvoice(customer, '2026-10-03', 10);
    // 3 × 25 = 75 against 30 open: whatever the order, no invoice may take more than its balance.
    const bodies = [
      {
        amount: 25,
        allocations: [
          { invoiceID: a, amount: 10 },
          { invoiceID: b, amount: 10 },
          { invoiceID: c, amount: 5 },
        ],
      },
      {
        amount: 25,
        allocations: [
          { invoiceID: c, amount: 10 },
          { invoiceID: b, amount: 10 },
          { invoiceID: a, amount: 5 },
        ],
      },
      {
        amount: 25,
        allocations: [
          { invoiceID: b, amount: 10 },
          { invoiceID: a, amount: 10 },
          { invoiceID: c, amount: 5 },
        ],
      },
    ];
    const results = await Promise.all(bodies.map((body) => receive({ customerID: customer, ...body })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toMatch(/open|not open/);
    const invoicesNow = await rows(
      sql`select i.id, i.total, i.paid, i.balance, i.status,
            coalesce((select sum(p.amount_paid) from payments p where p.invoice_id = i.id), 0)::int as sum_paid
          from invoices i where i.id in (${a}, ${b}, ${c}) order by i.id`,
    );
    for (const row of invoicesNow) {
      expect(row.paid).toBe(row.sum_paid);
      expect(row.balance).toBe(Number(row.total) - Number(row.sum_paid));
      expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
    }
    expect(invoicesNow.reduce((s, r) => s + Number(r.sum_paid), 0)).toBe(2500);
    expect(await rows(sql`select count(*)::int as n from receipts where customer_id = ${customer}`)).toEqual([
      { n: 1 },
    ]);
  });
});
