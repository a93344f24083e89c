import { toDollars } from '@wd/contracts';
import { sql } from 'drizzle-orm';
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
