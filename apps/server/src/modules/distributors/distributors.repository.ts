import type { ListFilter } from '@wd/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributors } from '../../db/schema/index.js';
import { listPage, searchCondition } from '../../lib/list.js';

const columns = {
  id: distributors.id,
  company: distributors.company,
  email: distributors.email,
  phone: distributors.phone,
  address: distributors.address,
};
const searchable = [distributors.company, distributors.email, distributors.phone, distributors.address];

export const distributorsRepository = {
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
  async insert(db: Tx, values: typeof distributors.$inferInsert) {
    const [row] = await db.insert(distributors).values(values).returning(columns);
    return row;
  },
  async update(db: Tx, id: number, values: Partial<typeof distributors.$inferInsert>) {
    const [row] = await db.update(distributors).set(values).where(eq(distributors.id, id)).returning(columns);
    return row;
  },
  async remove(db: Tx, id: number) {
    await db.delete(distributors).where(eq(distributors.id, id));
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
