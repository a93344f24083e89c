import { BILLER_CSV, type Biller, type ListFilter, toEdiQualifier } from '@wd/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { billers, expenses, invoices } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { recordRows } from '../../lib/table-rows.js';

const columns = {
  id: billers.id,
  company: billers.company,
  name: billers.name,
  address: billers.address,
  city: billers.city,
  state: billers.state,
  postalCode: billers.postalCode,
  country: billers.country,
  phone: billers.phone,
  email: billers.email,
  ediId: billers.ediId,
  ediQualifier: billers.ediQualifier,
  logoFileId: billers.logoFileId,
  deletedAt: billers.deletedAt,
  updatedAt: billers.updatedAt,
};
export type BillerRow = { [K in keyof typeof columns]: (typeof billers.$inferSelect)[K] };

export function toBiller(row: BillerRow): Biller {
  const { logoFileId, deletedAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    ediQualifier: toEdiQualifier(row.ediQualifier),
    // The version in the address lets browsers cache a logo until it changes.
    logo: logoFileId ? `/images/billers/${row.id}?v=${updatedAt.getTime()}` : '',
    deletedAt: deletedAt ? deletedAt.toISOString() : null,
  };
}

const sortable = {
  id: billers.id,
  company: billers.company,
  name: billers.name,
  city: billers.city,
  state: billers.state,
  phone: billers.phone,
  email: billers.email,
};
const searchable = [billers.company, billers.name, billers.city, billers.state, billers.phone, billers.email];

/** The list's filter and order: the page and the export share them. */
function listSpec(db: Tx, filter: ListFilter, deleted: boolean) {
  return {
    from: (fields: SelectedFields) => db.select(fields).from(billers),
    columns,
    where: and(
      deleted ? isNotNull(billers.deletedAt) : isNull(billers.deletedAt),
      searchCondition(filter.searchQuery, searchable),
    ),
    sortable,
    order: [asc(billers.id)],
  };
}

export const billersRepository = {
  ...recordRows(billers, columns),
  list(db: Tx, filter: ListFilter, deleted: boolean) {
    return listPage(filter, listSpec(db, filter, deleted));
  },

  /** Export CSV's statement: every row of the list's filter, in its order. */
  csvQuery(db: Tx, filter: ListFilter) {
    return exportQuery(listSpec(db, filter, false), filter.sortingList, BILLER_CSV);
  },

  async find(db: Tx, id: number, lock = false) {
    const query = db.select(columns).from(billers).where(eq(billers.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Billers by id, deleted or not, locked for a change. */
  findMany(db: Tx, ids: number[]) {
    return db.select(columns).from(billers).where(inArray(billers.id, ids)).for('update');
  },

  /** What still points at a biller, by name: a biller with any is never removed permanently. */
  async references(db: Tx, id: number): Promise<Record<string, number>> {
    const [[{ total }], [{ invoiceCount }]] = await Promise.all([
      db.select({ total: count() }).from(expenses).where(eq(expenses.billerId, id)),
      db.select({ invoiceCount: count() }).from(invoices).where(eq(invoices.billerId, id)),
    ]);
    return { invoices: invoiceCount, expenses: total };
  },

  async logo(db: Tx, id: number) {
    const [row] = await db.select({ fileId: billers.logoFileId }).from(billers).where(eq(billers.id, id));
    return row?.fileId ?? null;
  },
};
