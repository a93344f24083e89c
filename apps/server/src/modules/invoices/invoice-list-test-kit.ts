import { toDollars } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import type { TestApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { invoiceOrder } from '../../../test/lists.js';
import type { Db } from '../../db/client.js';

/** The invoice list by its definition, over the rows (the invoice list tests compare the fast list with it). */
export interface Row {
  id: number;
  invoice_no: string;
  date: string;
  type: string;
  biller_id: number;
  status: string;
  biller: string;
  customer: string | null;
  total: number;
  paid: number;
  discount_redeemed: number;
  amount_credited: number;
  balance: number;
}

export async function invoiceRows(db: Db): Promise<Row[]> {
  const result = await db.execute(sql`select i.id, i.invoice_no, i.date::text as date, i.type,
    i.biller_id, i.status, b.company as biller, c.company as customer, i.total, i.paid, i.discount_redeemed,
    i.amount_credited, i.balance
    from invoices i join billers b on b.id = i.biller_id left join customers c on c.id = i.customer_id`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export type Filter = Record<string, unknown> & {
  searchQuery?: string;
  sortingList?: { column: string; order: string }[];
};

/** The list's sort columns, as the rows name them. */
export const SORT_KEYS: Record<string, keyof Row> = {
  id: 'id',
  invoiceNo: 'id',
  date: 'date',
  type: 'type',
  biller: 'biller',
  customer: 'customer',
  status: 'status',
  total: 'total',
  paid: 'paid',
  discountRedeemed: 'discount_redeemed',
  amountCredited: 'amount_credited',
  balance: 'balance',
};

/** The list's definition, over the rows. */
export function expected(all: Row[], f: Filter) {
  const q = f.searchQuery?.trim().toLowerCase();
  const month = (r: Row) => Number(r.date.slice(5, 7));
  const year = (r: Row) => Number(r.date.slice(0, 4));
  const match = all.filter(
    (r) =>
      (!q || [r.invoice_no, r.customer, r.biller, r.status].some((v) => v?.toLowerCase().includes(q))) &&
      (!f.startDate || r.date >= (f.startDate as string)) &&
      (!f.endDate || r.date <= (f.endDate as string)) &&
      (!f.month || month(r) === f.month) &&
      (!f.year || year(r) === f.year) &&
      (!f.biller || r.biller_id === f.biller) &&
      (!f.type || r.type === f.type) &&
      (!f.status || r.status === f.status),
  );
  const sort = f.sortingList?.[0];
  const key = sort ? SORT_KEYS[sort.column] : undefined;
  const sorted = invoiceOrder(match, key && ((r: Row) => r[key]), sort?.order as 'asc' | 'desc' | undefined);
  const sum = (k: keyof Row) => toDollars(match.reduce((s, r) => s + Number(r[k]), 0));
  return {
    ids: sorted.map((r) => r.id),
    totalRows: match.length,
    totals: {
      total: sum('total'),
      paid: sum('paid'),
      discount: sum('discount_redeemed'),
      credit: sum('amount_credited'),
      balance: sum('balance'),
    },
  };
}

/**
 * The invoices both invoice-list test files read: six invoices over three years, two customers and a
 * walk-in, both types, every status, payments, biller transfers, a removed line and a removed invoice.
 */
export async function createListInvoices(t: TestApp) {
  const { newInvoice, addLine, setInvoice, pay } = invoiceCalls(() => t);

  const acme = (await t.call('POST', '/api/customer/new/', { company: 'Acme Listed Foods' }, t.adminToken)).json()
    .customer;
  const bolt = (await t.call('POST', '/api/customer/new/', { company: 'Bolt Corner 50%' }, t.adminToken)).json()
    .customer;
  const cola = await createProduct(t, { sellingPrice: 2.5 });
  const chips = await createProduct(t, { sellingPrice: 1.75 });
  const plan = [
    { date: '2024-02-15', customerID: acme.id, lines: [cola, chips], submit: true, pay: 1.25 },
    { date: '2025-01-31', customerID: bolt.id, lines: [cola, cola], submit: true, pay: 1 },
    { date: '2025-02-01', customerID: acme.id, lines: [chips], submit: false, transferBiller: true },
    { date: '2025-02-28', customerID: 0, lines: [cola], submit: true, type: 'consignment' },
    { date: '2025-03-01', customerID: bolt.id, lines: [chips, chips, cola], submit: true, transferBiller: true },
    { date: '2026-11-20', customerID: acme.id, lines: [cola], submit: true, pay: 5 },
    { date: '2026-11-20', customerID: bolt.id, lines: [cola], submit: false, remove: true },
  ];
  for (const p of plan) {
    const inv = await newInvoice(p.type ?? 'invoice');
    await setInvoice(inv.id, { date: p.date, customerID: p.customerID });
    const lines = [];
    for (const product of p.lines) lines.push(await addLine(inv.id, product.id));
    if (lines.length > 1) {
      await t.call('DELETE', `/api/invoice/delete/item/${lines[0].id}/`, undefined, t.adminToken);
    }
    if (p.transferBiller) await setInvoice(inv.id, { transferBiller: true });
    if (p.submit) await setInvoice(inv.id, { status: 'DUE', discountRedeemed: 0.5 });
    if (p.pay) expect((await pay(inv.id, { amountPaid: p.pay })).statusCode).toBe(200);
    if (p.remove) await t.call('DELETE', `/api/invoice/delete/${inv.id}/`, undefined, t.adminToken);
  }
}
