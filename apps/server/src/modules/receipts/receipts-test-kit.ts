import type { SQL } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

/** The receipts tests' app (one per test file), a $1.00 product, and their steps. */
export function receiptsKit() {
  const t = testApp();
  const inv = invoiceCalls(() => t);
  let unit: { id: number };
  beforeAll(async () => {
    unit = await createProduct(t, { name: 'Receipt Unit', costPrice: 0.5, sellingPrice: 1 });
  });

  async function rows(query: SQL) {
    return ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  }

  async function newCustomer(company: string) {
    const res = await t.call('POST', '/api/customer/new/', { company }, t.adminToken);
    return res.json().customer.id as number;
  }

  /** A submitted (DUE) invoice of `customerID` for `units` × $1.00, dated `date`. */
  const dueInvoice = (customerID: number, date: string, units: number) =>
    inv.invoiceOf(unit.id, units, { date, customerID });

  const receive = (body: Record<string, unknown>, token: string | null = t.adminToken) =>
    t.call('POST', '/api/receipt/insert/', { date: '2026-11-20', paymentType: 'cash', ...body }, token);

  async function invoiceState(id: number) {
    const { invoiceSummary } = await inv.summary(id);
    return {
      status: invoiceSummary.status as string,
      paid: invoiceSummary.paid as number,
      balance: invoiceSummary.balance as number,
    };
  }

  return { t, inv, rows, newCustomer, dueInvoice, receive, invoiceState };
}

/** Three DUE invoices of one customer raised out of date order (oldest i1, then i2, then i3), and another customer's. */
export async function receiptFixture(k: ReturnType<typeof receiptsKit>) {
  const customer = await k.newCustomer('Receipt Corner Store');
  const other = await k.newCustomer('Receipt Other Mart');
  const i2 = await k.dueInvoice(customer, '2026-09-05', 20);
  const i1 = await k.dueInvoice(customer, '2026-09-01', 10);
  const i3 = await k.dueInvoice(customer, '2026-09-10', 7);
  const otherInvoice = await k.dueInvoice(other, '2026-09-01', 3);
  return { customer, other, i1, i2, i3, otherInvoice };
}
