import { type Invoice, type InvoiceItem, toDollars, WALK_IN_CUSTOMER } from '@wd/contracts';
import { and, asc, count, desc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { billers, customers, invoiceItems, invoices, payments } from '../../db/schema/index.js';
import { orderBy, paging, searchCondition } from '../../lib/list.js';

const invoiceColumns = {
  id: invoices.id,
  invoiceNo: invoices.invoiceNo,
  date: invoices.date,
  type: invoices.type,
  billerID: invoices.billerId,
  biller: billers.company,
  customerID: sql<number>`coalesce(${invoices.customerId}, 0)`.mapWith(Number),
  customer: sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`,
  priceGroupID: sql<number>`coalesce(${customers.priceGroupId}, 1)`.mapWith(Number),
  status: invoices.status,
  consignmentStatus: invoices.consignmentStatus,
  remarks: invoices.remarks,
  notes: invoices.notes,
  total: invoices.total,
  amountCredited: invoices.amountCredited,
  paid: invoices.paid,
  discountRedeemed: invoices.discountRedeemed,
  awardPointsRedeemed: invoices.awardPointsRedeemed,
  balance: invoices.balance,
  headerDiscount: invoices.headerDiscount,
  headerAwardPoints: invoices.headerAwardPoints,
  showSuggestedAnalysis: invoices.showSuggestedAnalysis,
  showIndividualMargin: invoices.showIndividualMargin,
  showDamagedGoods: invoices.showDamagedGoods,
  mergeInvoiceItems: invoices.mergeInvoiceItems,
  totalSuggested: invoices.totalSuggested,
  suggestedCredited: invoices.suggestedCredited,
};
export type InvoiceRow = Awaited<ReturnType<typeof invoicesRepository.find>> & object;

const MONEY = [
  'total',
  'amountCredited',
  'paid',
  'discountRedeemed',
  'awardPointsRedeemed',
  'balance',
  'headerDiscount',
  'headerAwardPoints',
] as const;

export function toInvoice(row: InvoiceRow): Invoice {
  const { totalSuggested: _, suggestedCredited: __, ...rest } = row;
  const out = { ...rest } as Record<string, unknown>;
  for (const k of MONEY) out[k] = toDollars(row[k]);
  return out as Invoice;
}

const itemColumns = {
  id: invoiceItems.id,
  invoiceID: invoiceItems.invoiceId,
  productID: sql<number>`coalesce(${invoiceItems.productId}, 0)`.mapWith(Number),
  productName: invoiceItems.productName,
  barcode: invoiceItems.barcode,
  costPrice: invoiceItems.costPrice,
  sellingPrice: invoiceItems.sellingPrice,
  suggestedRetailPrice: invoiceItems.suggestedRetailPrice,
  quantity: invoiceItems.quantity,
  subtotal: invoiceItems.subtotal,
  damagedGood: invoiceItems.damagedGood,
};
export type ItemRow = Awaited<ReturnType<typeof invoicesRepository.item>> & object;

export function toItem(row: ItemRow): InvoiceItem {
  return {
    ...row,
    costPrice: toDollars(row.costPrice),
    sellingPrice: toDollars(row.sellingPrice),
    suggestedRetailPrice: toDollars(row.suggestedRetailPrice),
    subtotal: toDollars(row.subtotal),
  };
}

const sortable = {
  id: invoices.id,
  invoiceNo: invoices.id,
  date: invoices.date,
  type: invoices.type,
  biller: billers.company,
  customer: customers.company,
  status: invoices.status,
  total: invoices.total,
  paid: invoices.paid,
  discountRedeemed: invoices.discountRedeemed,
  amountCredited: invoices.amountCredited,
  balance: invoices.balance,
};
const itemSortable = {
  id: invoiceItems.id,
  productName: invoiceItems.productName,
  barcode: invoiceItems.barcode,
  quantity: invoiceItems.quantity,
  sellingPrice: invoiceItems.sellingPrice,
  subtotal: invoiceItems.subtotal,
};

export interface InvoiceFilter {
  currentPage: number;
  resultsPerPage: number;
  searchQuery: string;
  sortingList: { column: string; order: 'asc' | 'desc' }[];
  startDate?: string;
  endDate?: string;
  month?: number | '';
  year?: number | '';
  biller?: number | '';
  type?: string;
  status?: string;
}

export const invoicesRepository = {
  async list(db: Tx, filter: InvoiceFilter) {
    const conditions: (SQL | undefined)[] = [
      searchCondition(filter.searchQuery, [invoices.invoiceNo, customers.company, billers.company, invoices.status]),
      filter.startDate ? gte(invoices.date, filter.startDate) : undefined,
      filter.endDate ? lte(invoices.date, filter.endDate) : undefined,
      filter.month ? sql`extract(month from ${invoices.date}) = ${filter.month}` : undefined,
      filter.year ? sql`extract(year from ${invoices.date}) = ${filter.year}` : undefined,
      filter.biller ? eq(invoices.billerId, filter.biller) : undefined,
      filter.type && filter.type !== 'All' ? eq(invoices.type, filter.type as 'invoice') : undefined,
      filter.status && filter.status !== 'All' ? eq(invoices.status, filter.status as 'DUE') : undefined,
    ];
    const where = and(...conditions);
    const { limit, offset } = paging(filter);
    const [rows, [totals]] = await Promise.all([
      db
        .select(invoiceColumns)
        .from(invoices)
        .innerJoin(billers, eq(billers.id, invoices.billerId))
        .leftJoin(customers, eq(customers.id, invoices.customerId))
        .where(where)
        .orderBy(...orderBy(filter.sortingList, sortable, [desc(invoices.date), desc(invoices.id)]))
        .limit(limit)
        .offset(offset),
      db
        .select({
          rows: count(),
          total: sql<number>`coalesce(sum(${invoices.total}), 0)`.mapWith(Number),
          paid: sql<number>`coalesce(sum(${invoices.paid}), 0)`.mapWith(Number),
          discount: sql<number>`coalesce(sum(${invoices.discountRedeemed}), 0)`.mapWith(Number),
          credit: sql<number>`coalesce(sum(${invoices.amountCredited}), 0)`.mapWith(Number),
          balance: sql<number>`coalesce(sum(${invoices.balance}), 0)`.mapWith(Number),
        })
        .from(invoices)
        .innerJoin(billers, eq(billers.id, invoices.billerId))
        .leftJoin(customers, eq(customers.id, invoices.customerId))
        .where(where),
    ]);
    return { rows, totals };
  },

  async find(db: Tx, id: number) {
    const [row] = await db
      .select(invoiceColumns)
      .from(invoices)
      .innerJoin(billers, eq(billers.id, invoices.billerId))
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(eq(invoices.id, id));
    return row;
  },

  /** Locks the invoice row: every change to its lines, payments or header takes this lock first. */
  async lock(db: Tx, id: number) {
    const [row] = await db
      .select({ id: invoices.id, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, id))
      .for('update');
    return row;
  },

  async nextInvoiceNo(db: Tx) {
    const result = await db.execute<{ n: string }>(sql`select nextval('invoice_no_seq') as n`);
    return `Invoice/${(result as unknown as { rows: { n: string }[] }).rows[0].n}`;
  },

  async nextPaymentReference(db: Tx) {
    const result = await db.execute<{ n: string }>(sql`select nextval('payment_reference_seq') as n`);
    return `PAY-${String((result as unknown as { rows: { n: string }[] }).rows[0].n).padStart(6, '0')}`;
  },

  async insert(db: Tx, values: typeof invoices.$inferInsert) {
    const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
    return row.id;
  },

  async update(db: Tx, id: number, values: Partial<typeof invoices.$inferInsert>) {
    await db.update(invoices).set(values).where(eq(invoices.id, id));
  },

  async remove(db: Tx, id: number) {
    await db.delete(invoices).where(eq(invoices.id, id));
  },

  async items(
    db: Tx,
    invoiceId: number,
    filter: {
      currentPage: number;
      resultsPerPage: number;
      searchQuery: string;
      sortingList: { column: string; order: 'asc' | 'desc' }[];
    },
  ) {
    const where = and(
      eq(invoiceItems.invoiceId, invoiceId),
      searchCondition(filter.searchQuery, [invoiceItems.productName, invoiceItems.barcode]),
    );
    const { limit, offset } = paging(filter);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(itemColumns)
        .from(invoiceItems)
        .where(where)
        .orderBy(...orderBy(filter.sortingList, itemSortable, [asc(invoiceItems.id)]))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(invoiceItems).where(where),
    ]);
    return { rows, totalRows: total };
  },

  async item(db: Tx, id: number) {
    const [row] = await db.select(itemColumns).from(invoiceItems).where(eq(invoiceItems.id, id));
    return row;
  },

  async allItems(db: Tx, invoiceId: number) {
    return db
      .select(itemColumns)
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, invoiceId))
      .orderBy(asc(invoiceItems.id));
  },

  async allPayments(db: Tx, invoiceId: number) {
    return db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id));
  },

  /** The positive-quantity line of a product, for merging repeated scans. */
  async mergeableLine(db: Tx, invoiceId: number, productId: number) {
    const [row] = await db
      .select(itemColumns)
      .from(invoiceItems)
      .where(
        and(
          eq(invoiceItems.invoiceId, invoiceId),
          eq(invoiceItems.productId, productId),
          sql`${invoiceItems.quantity} > 0`,
        ),
      )
      .orderBy(asc(invoiceItems.id))
      .limit(1);
    return row;
  },

  async insertItem(db: Tx, values: typeof invoiceItems.$inferInsert) {
    const [row] = await db.insert(invoiceItems).values(values).returning({ id: invoiceItems.id });
    return row.id;
  },

  async updateItem(db: Tx, id: number, values: Partial<typeof invoiceItems.$inferInsert>) {
    await db.update(invoiceItems).set(values).where(eq(invoiceItems.id, id));
  },

  async removeItem(db: Tx, id: number) {
    await db.delete(invoiceItems).where(eq(invoiceItems.id, id));
  },

  /** Earlier lines of a product for a customer (the price history in the edit-price popup). */
  async productHistory(db: Tx, productId: number, customerId: number | null, exceptInvoiceId: number) {
    return db
      .select({
        date: invoices.date,
        invoiceNo: invoices.invoiceNo,
        sellingPrice: invoiceItems.sellingPrice,
        suggestedRetailPrice: invoiceItems.suggestedRetailPrice,
        quantity: invoiceItems.quantity,
      })
      .from(invoiceItems)
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(
        and(
          eq(invoiceItems.productId, productId),
          customerId ? eq(invoices.customerId, customerId) : sql`${invoices.customerId} is null`,
          ne(invoices.id, exceptInvoiceId),
          ne(invoices.status, 'NEW'),
        ),
      )
      .orderBy(desc(invoices.date), desc(invoiceItems.id))
      .limit(20);
  },
};
