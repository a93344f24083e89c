import type { ListFilter } from '@wd/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { billers, expenses } from '../../db/schema/index.js';
import { orderBy, paging, searchCondition } from '../../lib/list.js';

const columns = {
  id: expenses.id,
  reference: expenses.reference,
  date: expenses.date,
  billerID: expenses.billerId,
  biller: billers.company,
  expense: expenses.expense,
  category: expenses.category,
  amount: expenses.amount,
};
const sortable = {
  id: expenses.id,
  reference: expenses.reference,
  date: expenses.date,
  biller: billers.company,
  expense: expenses.expense,
  category: expenses.category,
  amount: expenses.amount,
};

export interface ExpenseFilter extends ListFilter {
  month?: number | '';
  year?: number | '';
}

export const expensesRepository = {
  /** One page, the count and the sum of amounts over every matching row, all in SQL. */
  async list(db: Tx, filter: ExpenseFilter) {
    const where = and(
      searchCondition(filter.searchQuery, [expenses.reference, expenses.expense, expenses.category, billers.company]),
      filter.month ? sql`extract(month from ${expenses.date}) = ${filter.month}` : undefined,
      filter.year ? sql`extract(year from ${expenses.date}) = ${filter.year}` : undefined,
    );
    const { limit, offset } = paging(filter);
    const [rows, [totals]] = await Promise.all([
      db
        .select(columns)
        .from(expenses)
        .innerJoin(billers, eq(billers.id, expenses.billerId))
        .where(where)
        .orderBy(...orderBy(filter.sortingList, sortable, [sql`${expenses.date} desc`, sql`${expenses.id} desc`]))
        .limit(limit)
        .offset(offset),
      db
        .select({ total: count(), amount: sql<number>`coalesce(sum(${expenses.amount}), 0)`.mapWith(Number) })
        .from(expenses)
        .innerJoin(billers, eq(billers.id, expenses.billerId))
        .where(where),
    ]);
    return { rows, totalRows: totals.total, amount: totals.amount };
  },
  async find(db: Tx, id: number) {
    const [row] = await db
      .select(columns)
      .from(expenses)
      .innerJoin(billers, eq(billers.id, expenses.billerId))
      .where(eq(expenses.id, id));
    return row;
  },
  async lock(db: Tx, id: number) {
    const [row] = await db.select({ id: expenses.id }).from(expenses).where(eq(expenses.id, id)).for('update');
    return row;
  },
  /** `EXP-` + the next number of a sequence, zero-padded: unique and never reused. */
  async nextReference(db: Tx): Promise<string> {
    const result = await db.execute<{ n: string }>(sql`select nextval('expense_reference_seq') as n`);
    const rows = (result as unknown as { rows: { n: string }[] }).rows;
    return `EXP-${String(rows[0].n).padStart(6, '0')}`;
  },
  async insert(db: Tx, values: typeof expenses.$inferInsert) {
    const [row] = await db.insert(expenses).values(values).returning({ id: expenses.id });
    return row.id;
  },
  async update(db: Tx, id: number, values: Partial<typeof expenses.$inferInsert>) {
    await db.update(expenses).set(values).where(eq(expenses.id, id));
  },
  async remove(db: Tx, id: number) {
    await db.delete(expenses).where(eq(expenses.id, id));
  },
};
