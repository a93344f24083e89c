import type { ListFilter } from '@wd/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributors } from '../../db/schema/index.js';
import type { AppContext } from '../../lib/context.js';
import { type ExportColumn, sendCsvExport } from '../../lib/export.js';
import { listPage, searchCondition } from '../../lib/list.js';
import { recordRows } from '../../lib/table-rows.js';

const columns = {
  id: distributors.id,
  company: distributors.company,
  email: distributors.email,
  phone: distributors.phone,
  address: distributors.address,
};
const searchable = [distributors.company, distributors.email, distributors.phone, distributors.address];

/** The list's filter and order: the page and the export share them. */
function listSpec(db: Tx, filter: ListFilter) {
  return {
    from: (fields: SelectedFields) => db.select(fields).from(distributors),
    columns,
    where: searchCondition(filter.searchQuery, searchable),
    // Every column of the list may be sorted by.
    sortable: columns,
    order: [asc(distributors.company), asc(distributors.id)],
  };
}

/** Export CSV (docs/export.md): the list's columns (a supplier has no other fields) and its id. */
const exportColumns: ExportColumn[] = [
  ['company', 'Supplier'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['id', 'ID', 'whole'],
];

export const distributorsRepository = {
  ...recordRows(distributors, columns),
  list(db: Tx, filter: ListFilter) {
    return listPage(filter, listSpec(db, filter));
  },
  /** Every matching supplier as CSV, in the list's order. */
  export(ctx: AppContext, reply: FastifyReply, filter: ListFilter) {
    return sendCsvExport(ctx, reply, 'suppliers', listSpec(ctx.db, filter), filter.sortingList, exportColumns);
  },
  async find(db: Tx, id: number, lock = false) {
    const query = db.select(columns).from(distributors).where(eq(distributors.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },
  /** What still points at a supplier: one with any can not be deleted. */
  async references(db: Tx, id: number): Promise<Record<string, number>> {
    const [{ total }] = await db
      .select({ total: count() })
      .from(distributorInvoices)
      .where(eq(distributorInvoices.distributorId, id));
    return { invoices: total };
  },
};
