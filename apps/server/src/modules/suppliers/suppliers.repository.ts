import { type ListFilter, SUPPLIER_CSV } from '@wd/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { supplierInvoices, suppliers } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { recordRows } from '../../lib/table-rows.js';

const columns = {
  id: suppliers.id,
  company: suppliers.company,
  email: suppliers.email,
  phone: suppliers.phone,
  address: suppliers.address,
};
const searchable = [suppliers.company, suppliers.email, suppliers.phone, suppliers.address];

/** The list's filter and order: the page and the export share them. */
function listSpec(db: Tx, filter: ListFilter) {
  return {
    from: (fields: SelectedFields) => db.select(fields).from(suppliers),
    columns,
    where: searchCondition(filter.searchQuery, searchable),
    // Every column of the list may be sorted by.
    sortable: columns,
    order: [asc(suppliers.company), asc(suppliers.id)],
  };
}

export const suppliersRepository = {
  ...recordRows(suppliers, columns),
  list(db: Tx, filter: ListFilter) {
    return listPage(filter, listSpec(db, filter));
  },
  /** Export CSV's statement: every row of the list's filter, in its order. */
  csvQuery(db: Tx, filter: ListFilter) {
    return exportQuery(listSpec(db, filter), filter.sortingList, SUPPLIER_CSV);
  },
  async find(db: Tx, id: number, lock = false) {
    const query = db.select(columns).from(suppliers).where(eq(suppliers.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },
  /** What still points at a supplier: one with any can not be deleted. */
  async references(db: Tx, id: number): Promise<Record<string, number>> {
    const [{ total }] = await db
      .select({ total: count() })
      .from(supplierInvoices)
      .where(eq(supplierInvoices.supplierId, id));
    return { invoices: total };
  },
};
