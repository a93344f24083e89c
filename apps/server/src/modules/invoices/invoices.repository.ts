import {
  DEFAULT_PRICE_GROUP_ID,
  INVOICE_CSV,
  type Invoice,
  type InvoiceFilter,
  type InvoiceTotals,
  type InvoiceTotalsCents,
  toDollars,
  WALK_IN_CUSTOMER,
} from '@wd/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../../db/client.js';
import { billers, customers, invoices } from '../../db/schema/index.js';
import { auditTrail } from '../../lib/audit.js';
import { exportQuery } from '../../lib/export.js';
import { listPage, pageByIds } from '../../lib/list.js';
import { seekingPage } from '../../lib/list-seek.js';
import { idRows } from '../../lib/table-rows.js';
import {
  everyInvoiceMatches,
  type InvoiceSearch,
  invoiceConditions,
  invoiceSearch,
  rolledUpTotals,
} from './invoice-list.repository.js';
import { inDateOrder, invoiceSeek, type SeekScope, seekable } from './invoice-seek.repository.js';

/** An invoice with its biller's and customer's names and the customer's price group. */
function select(db: Tx, fields: SelectedFields) {
  return db
    .select(fields)
    .from(invoices)
    .innerJoin(billers, eq(billers.id, invoices.billerId))
    .leftJoin(customers, eq(customers.id, invoices.customerId));
}

const invoiceColumns = {
  id: invoices.id,
  invoiceNo: invoices.invoiceNo,
  date: invoices.date,
  type: invoices.type,
  billerID: invoices.billerId,
  biller: billers.company,
  customerID: sql<number>`coalesce(${invoices.customerId}, 0)`.mapWith(Number),
  customer: sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`,
  priceGroupID: sql<number>`coalesce(${customers.priceGroupId}, ${DEFAULT_PRICE_GROUP_ID})`.mapWith(Number),
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
export type InvoiceRow = SelectResultFields<typeof invoiceColumns>;

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

/** Cents → dollars; the stored suggested totals stay inside (the summary computes its own). */
export function toInvoice(row: InvoiceRow): Invoice {
  const { totalSuggested: _, suggestedCredited: __, ...rest } = row;
  const out = { ...rest } as Record<string, unknown>;
  for (const k of MONEY) out[k] = toDollars(row[k]);
  return out as Invoice;
}

/** An invoice's audit trail: the invoice as the API answers it. */
export const invoiceTrail = auditTrail('invoice', toInvoice);

/** Computed totals (cents) → the wire's dollars. */
export function toInvoiceTotals(t: InvoiceTotalsCents): InvoiceTotals {
  return {
    total: toDollars(t.total),
    amountCredited: toDollars(t.amountCredited),
    discountRedeemed: toDollars(t.discountRedeemed),
    paid: toDollars(t.paid),
    balance: toDollars(t.balance),
    totalSuggested: toDollars(t.totalSuggested),
    suggestedCredited: toDollars(t.suggestedCredited),
    totalSuggestedProfit: toDollars(t.totalSuggestedProfit),
    suggestedBalance: toDollars(t.suggestedBalance),
  };
}

/**
 * The list's sort columns. Biller and customer sort by the companies each invoice keeps
 * (`biller_sort`, `customer_sort`, kept by triggers): every sort is then an invoice column with
 * an index of (column, date, id) (docs/performance-lists.md).
 */
const sortable = {
  id: invoices.id,
  invoiceNo: invoices.id,
  date: invoices.date,
  type: invoices.type,
  biller: invoices.billerSort,
  customer: invoices.customerSort,
  status: invoices.status,
  total: invoices.total,
  paid: invoices.paid,
  discountRedeemed: invoices.discountRedeemed,
  amountCredited: invoices.amountCredited,
  balance: invoices.balance,
};

/**
 * After the user's sort, ties go by date and number in the sort's direction (newest first with
 * no sort or a descending one, oldest first under an ascending one), so that one index of
 * (column, date, id) gives a page in either direction, read forwards or backwards.
 */
function listOrder(filter: InvoiceFilter, reversed = false) {
  return (filter.sortingList?.[0]?.order === 'asc') !== reversed
    ? [asc(invoices.date), asc(invoices.id)]
    : [desc(invoices.date), desc(invoices.id)];
}

/** The list footer: sums over every matching invoice, in cents. */
const listTotals = {
  total: sql`${invoices.total}`,
  paid: sql`${invoices.paid}`,
  discount: sql`${invoices.discountRedeemed}`,
  credit: sql`${invoices.amountCredited}`,
  balance: sql`${invoices.balance}`,
};

/** The list's joins, filter and order (`search`: the search's condition, see invoiceSearch): the page and the export share them. */
function listSpec(db: Tx, filter: InvoiceFilter, search: InvoiceSearch | undefined) {
  return {
    from: (fields: SelectedFields) => select(db, fields),
    columns: invoiceColumns,
    where: and(search?.where, invoiceConditions(filter)),
    sortable,
    order: listOrder(filter),
  };
}

/** The search's condition when the filter has a search text (`denseAt`: see invoiceSearch). */
async function searchOf(db: Tx, filter: InvoiceFilter, denseAt?: number) {
  const text = filter.searchQuery?.trim();
  if (!text || (await everyInvoiceMatches(db, text))) return undefined;
  return invoiceSearch(db, filter, text, denseAt);
}

/** The CSV writes the type as the list's Invoice Type filter names it. */
const csvExtra = {
  type: sql`case ${invoices.type} when 'invoice' then 'Invoice' when 'consignment' then 'Consignment' else ${invoices.type} end`,
};

export const invoicesRepository = {
  ...idRows(invoices),
  /** invoice/all: the plain query's rows and figures, read the fast way (invoice-list.repository.ts). */
  async list(db: Tx, filter: InvoiceFilter, denseAt?: number, seekFrom?: number) {
    const search = await searchOf(db, filter, denseAt);
    const own = invoiceConditions(filter);
    // The page's ids from an index in the page's order (deep pages skip index entries, not joined rows).
    const pageOf = (where: SQL | undefined) =>
      pageByIds(db, invoices, invoices.id, where, (w) => select(db, invoiceColumns).where(w));
    // In date order, without a search or a customer, a deep page is found through the day totals.
    const scope: SeekScope = {
      period: filter,
      billerId: filter.biller || undefined,
      type: filter.type && filter.type !== 'All' ? filter.type : undefined,
      status: filter.status && filter.status !== 'All' ? filter.status : undefined,
      withNew: true,
    };
    const seek = !search && !filter.customer && inDateOrder(filter.sortingList) && seekable(scope);
    return listPage(filter, {
      ...listSpec(db, filter, search),
      totals: listTotals,
      // One customer's invoices are few and the roll-up has no customer: their footer is summed from the rows.
      aggregate: filter.customer ? undefined : search ? search.aggregate : () => rolledUpTotals(db, filter),
      // Without a search the count is the roll-up's (or one customer's few rows): a page past the
      // middle is read from the end, unless it is sought.
      reversedOrder: search || seek ? undefined : listOrder(filter, true),
      page: seek
        ? seekingPage(own, pageOf, invoiceSeek(db, scope, filter.sortingList?.[0]?.order !== 'asc'), seekFrom)
        : !search
          ? pageOf(own)
          : undefined,
    });
  },

  /** Export CSV's statement: every invoice the list's filter matches, in the list's order (the plain statement: no page, no footer). */
  async csvQuery(db: Tx, filter: InvoiceFilter) {
    return exportQuery(listSpec(db, filter, await searchOf(db, filter)), filter.sortingList, INVOICE_CSV, csvExtra);
  },

  async find(db: Tx, id: number) {
    const [row] = await select(db, invoiceColumns).where(eq(invoices.id, id));
    return row as InvoiceRow | undefined;
  },

  async nextInvoiceNo(db: Tx) {
    const result = await db.execute<{ n: string }>(sql`select nextval('invoice_no_seq') as n`);
    return `Invoice/${(result as unknown as { rows: { n: string }[] }).rows[0].n}`;
  },
};
