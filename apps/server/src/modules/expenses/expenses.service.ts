import {
  type Expense,
  type ExpenseListFilter,
  type expenseInput,
  type expenseUpdateInput,
  MESSAGES,
  PARTY_MESSAGES,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { billersRepository } from '../billers/billers.repository.js';
import { expensesRepository as repo } from './expenses.repository.js';

type Input = z.output<typeof expenseInput>;
type UpdateInput = z.output<typeof expenseUpdateInput>;
type Row = NonNullable<Awaited<ReturnType<typeof repo.find>>>;

const toExpense = (row: Row): Expense => ({ ...row, amount: toDollars(row.amount) });

/** An expense's audit trail: the expense as the API answers it. */
const expenseTrail = auditTrail('expense', toExpense);

async function assertBiller(tx: Tx, id: number) {
  const biller = await billersRepository.find(tx, id);
  if (!biller || biller.deletedAt) throw new NotFoundError(PARTY_MESSAGES.billerNotFound);
}

export function createExpensesService({ db }: AppContext) {
  return {
    async get(id: number) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFoundError(PARTY_MESSAGES.expenseNotFound);
      return toExpense(row);
    },

    async list(filter: ExpenseListFilter) {
      const { rows, totalRows, totals } = await repo.list(db, filter);
      return {
        ...pageResponse('expenses', rows.map(toExpense), filter, totalRows),
        totals: { amount: toDollars(totals.amount) },
      };
    },

    async create(input: Input, user: AuthUser) {
      return db.transaction(async (tx) => {
        await assertBiller(tx, input.billerID);
        const reference = await repo.nextReference(tx);
        const id = await repo.insert(tx, {
          reference,
          date: input.date,
          billerId: input.billerID,
          expense: input.expense,
          category: input.category,
          amount: toCents(input.amount),
        });
        const row = (await repo.find(tx, id))!;
        await expenseTrail.create(tx, user.id, id, row);
        return toExpense(row);
      });
    },

    async update(input: UpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        if (!(await repo.lock(tx, input.id))) throw new NotFoundError(PARTY_MESSAGES.expenseNotFound);
        await assertBiller(tx, input.billerID);
        const before = await repo.find(tx, input.id);
        await repo.update(tx, input.id, {
          date: input.date,
          billerId: input.billerID,
          expense: input.expense,
          category: input.category,
          amount: toCents(input.amount),
        });
        const row = (await repo.find(tx, input.id))!;
        await expenseTrail.update(tx, user.id, input.id, before!, row);
        return toExpense(row);
      });
    },

    async delete(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, id))) throw new NotFoundError(PARTY_MESSAGES.expenseNotFound);
        const before = await repo.find(tx, id);
        await repo.remove(tx, id);
        await expenseTrail.delete(tx, user.id, id, before!);
      });
      return { message: MESSAGES.deleted };
    },
  };
}
