import { EXPENSE_CSV, type ExpenseListFilter } from '@wd/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { expenseRows } from '../../db/rollups.js';
import { billers, expenses } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { listPage, pageByIds, periodCondition } from '../../lib/list.js';
import { searchWithParent } from '../../lib/list-search.js';
import { idRows } from '../../lib/table-rows.js';

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
  // The biller's company as the expense keeps it (migration 0063): sorted from an index, no join.
  biller: expenses.billerSort,
  expense: expenses.expense,
  category: expenses.category,
  amount: expenses.amount,
};

/** Expenses with the name of their biller. */
function select<F extends SelectedFields>(db: Tx, fields: F) {
  return db.select(fields).from(expenses).innerJoin(billers, eq(billers.id, expenses.billerId));
}

/** The list's joins, filter and order: the page and the export share them. */
async function listSpec(db: Tx, filter: ExpenseListFilter) {
  const ascending = filter.sortingList?.[0]?.order === 'asc';
  const search = await searchWithParent(
    db,
    filter.searchQuery,
    [expenses.reference, expenses.expense, expenses.category],
    {
      table: billers,
      id: billers.id,
      key: expenses.billerId,
      columns: [billers.company],
    },
    // The three own columns joined (migration 0082): one trigram index instead of three.
    expenses.searchText,
  );
  const period = periodCondition(expenses.date, { month: filter.month, year: filter.year });
  return {
    from: (fields: SelectedFields) => select(db, fields),
    // The filter names only the expense's own columns, and every expense has its biller.
    countFrom: (fields: SelectedFields) => db.select(fields).from(expenses),
    columns,
    where: and(search?.where, period),
    countParts: search?.parts?.map((part) => and(part, period) as SQL),
    sortable,
    // Newest first; under a sort, ties by date and id in the sort's direction, so one index of
    // (column, date, id) per sortable column gives the page either way.
    order: ascending ? [asc(expenses.date), asc(expenses.id)] : [desc(expenses.date), desc(expenses.id)],
    // A page nearer the end is read from there (the count is cheap: no join).
    reversedOrder: ascending ? [desc(expenses.date), desc(expenses.id)] : [asc(expenses.date), asc(expenses.id)],
  };
}

/** The footer of the list's month or year (no search): how many expenses and their amount. */
async function keptFooter(db: Tx, filter: ExpenseListFilter) {
  const [row] = rowsOf<{ n: string; amount: string }>(
    await db.execute(sql`select coalesce(sum(x.expenses), 0) as n, coalesce(sum(x.amount), 0) as amount
      from ${expenseRows({ month: filter.month, year: filter.year })}`),
  );
  return { totalRows: Number(row.n), totals: { amount: Number(row.amount) } };
}

export const expensesRepository = {
  ...idRows(expenses),
  /** One page, the count and the sum of amounts over every matching row (the footer). */
  async list(db: Tx, filter: ExpenseListFilter) {
    const spec = await listSpec(db, filter);
    // Every sort is on the expense's own columns: the page's ids come from the expenses alone
    // (through the sort's index), then only those are joined.
    return listPage(filter, {
      ...spec,
      totals: { amount: sql`${expenses.amount}` },
      // Without a search, the count and the sum from the totals kept per month (migration 0076).
      aggregate: filter.searchQuery?.trim() ? undefined : () => keptFooter(db, filter),
      page: pageByIds(db, expenses, expenses.id, spec.where, (w) => select(db, columns).where(w)),
    });
  },
  /** Export CSV's statement: every row of the list's filter, in its order. */
  async csvQuery(db: Tx, filter: ExpenseListFilter) {
    return exportQuery(await listSpec(db, filter), filter.sortingList, EXPENSE_CSV);
  },
  async find(db: Tx, id: number) {
    const [row] = await select(db, columns).where(eq(expenses.id, id));
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
};
