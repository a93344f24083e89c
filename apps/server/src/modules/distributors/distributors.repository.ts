import type { ListFilter } from '@wd/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributors } from '../../db/schema/index.js';
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

export const distributorsRepository = {
  ...recordRows(distributors, columns),
  list(db: Tx, filter: ListFilter) {
    return listPage(filter, {
      from: (fields) => db.select(fields).from(distributors),
      columns,
      where: searchCondition(filter.searchQuery, searchable),
      // Every column of the list may be sorted by.
      sortable: columns,
      order: [asc(distributors.company), asc(distributors.id)],
    });
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
