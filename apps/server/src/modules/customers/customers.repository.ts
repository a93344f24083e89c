import {
  CUSTOMER_CSV,
  type Customer,
  type CustomerListFilter,
  isStale,
  toDollars,
  toEdiQualifier,
} from '@wd/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { customers, invoices, priceGroups, receipts } from '../../db/schema/index.js';
import { auditTrail } from '../../lib/audit.js';
import { exportQuery } from '../../lib/export.js';
import { listPage, pageByIds } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { idRows } from '../../lib/table-rows.js';
import { overCreditLimit } from './credit-limit.repository.js';

const columns = {
  id: customers.id,
  company: customers.company,
  name: customers.name,
  address: customers.address,
  city: customers.city,
  state: customers.state,
  postalCode: customers.postalCode,
  country: customers.country,
  phone: customers.phone,
  email: customers.email,
  ediId: customers.ediId,
  ediQualifier: customers.ediQualifier,
  awardPoints: customers.awardPoints,
  taxPermitNumber: customers.taxPermitNumber,
  priceGroupID: customers.priceGroupId,
  priceGroup: priceGroups.name,
  dateLastVerified: customers.dateLastVerified,
  resaleCertificateFileId: customers.resaleCertificateFileId,
  creditLimit: customers.creditLimit,
  deletedAt: customers.deletedAt,
};
export type CustomerRow = NonNullable<Awaited<ReturnType<typeof customersRepository.find>>>;

/** A customer as the API answers it (cents → dollars); `today` decides whether its certificate is stale. */
export function toCustomer(row: CustomerRow, today: string): Customer {
  const { resaleCertificateFileId, deletedAt, ...rest } = row;
  return {
    ...rest,
    ediQualifier: toEdiQualifier(row.ediQualifier),
    creditLimit: toDollars(row.creditLimit),
    hasResaleCertificate: Boolean(resaleCertificateFileId),
    stale: isStale(row.dateLastVerified, today),
    deletedAt: deletedAt ? deletedAt.toISOString() : null,
  };
}

/** A customer's audit trail: the customer as the API answers it, without the day-dependent stale flag. */
export const customerTrail = auditTrail('customer', (row: CustomerRow) => {
  const { stale: _, ...record } = toCustomer(row, '');
  return record;
});

/** Customers with the name of their price group (every customer is in one). */
function select<F extends SelectedFields>(db: Tx, fields: F) {
  return db.select(fields).from(customers).innerJoin(priceGroups, eq(priceGroups.id, customers.priceGroupId));
}

const sortable = {
  id: customers.id,
  company: customers.company,
  name: customers.name,
  city: customers.city,
  state: customers.state,
  phone: customers.phone,
  email: customers.email,
  ediId: customers.ediId,
  ediQualifier: customers.ediQualifier,
  awardPoints: customers.awardPoints,
  // The group's name as the customer keeps it (migration 0065): sorted from an index, no join.
  priceGroup: customers.priceGroupSort,
  dateLastVerified: customers.dateLastVerified,
  creditLimit: customers.creditLimit,
};
/** What the list searches, in the order migration 0081 joins them into `search_text`. */
const searchable = [
  customers.company,
  customers.name,
  customers.city,
  customers.phone,
  customers.email,
  customers.taxPermitNumber,
];

/** The list's joins, filter and order: the page and the export share them. */
function listSpec(db: Tx, filter: CustomerListFilter, deleted: boolean) {
  return {
    from: (fields: SelectedFields) => select(db, fields),
    columns,
    where: and(
      deleted ? isNotNull(customers.deletedAt) : isNull(customers.deletedAt),
      searchCondition(filter.searchQuery, searchable, customers.searchText),
      filter.overLimit ? overCreditLimit() : undefined,
    ),
    sortable,
    // Ties by company and id in the sort's direction: one index of (column, company, id) per
    // column gives the page either way (customers_live_<column>_idx).
    order:
      filter.sortingList?.[0]?.order === 'desc'
        ? [desc(customers.company), desc(customers.id)]
        : [asc(customers.company), asc(customers.id)],
  };
}

export const customersRepository = {
  ...idRows(customers),
  list(db: Tx, filter: CustomerListFilter, deleted: boolean) {
    const spec = listSpec(db, filter, deleted);
    return listPage(filter, {
      ...spec,
      // The page's ids from the customers alone, through the sort's index, then only those joined.
      page: pageByIds(db, customers, customers.id, spec.where, (w) => select(db, columns).where(w)),
      // Every customer is in exactly one price group (not null, foreign key), and the filter
      // reads customer columns only: the count needs no join (docs/performance-lists.md). With no
      // search and no filter it is the count the triggers keep (migration 0051).
      aggregate: async () => {
        if (!deleted && !filter.searchQuery?.trim() && !filter.overLimit) {
          const [{ live }] = rowsOf<{ live: string }>(await db.execute(sql`select live from customer_count`));
          return { totalRows: Number(live), totals: {} };
        }
        const [{ rows }] = await db.select({ rows: count() }).from(customers).where(spec.where);
        return { totalRows: rows, totals: {} };
      },
    });
  },

  /** Export CSV's statement: every row of the list's filter, in its order. */
  csvQuery(db: Tx, filter: CustomerListFilter) {
    return exportQuery(listSpec(db, filter, false), filter.sortingList, CUSTOMER_CSV);
  },

  async find(db: Tx, id: number) {
    const [row] = await select(db, columns).where(eq(customers.id, id));
    return row;
  },

  /** Customers by id, deleted or not, locked for a change (their price groups are not locked). */
  findMany(db: Tx, ids: number[]) {
    return select(db, columns).where(inArray(customers.id, ids)).for('update', { of: customers });
  },

  async lock(db: Tx, id: number) {
    const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).for('update');
    return row;
  },

  /** What still points at a customer: one with any is never removed permanently. */
  async references(db: Tx, id: number): Promise<Record<string, number>> {
    const [{ total }] = await db.select({ total: count() }).from(invoices).where(eq(invoices.customerId, id));
    // A receipt (even one that is all credit on account) keeps its customer.
    const [{ kept }] = await db.select({ kept: count() }).from(receipts).where(eq(receipts.customerId, id));
    return { invoices: total, receipts: kept };
  },
};
