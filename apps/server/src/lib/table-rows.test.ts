import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { created, testApp } from '../../test/helpers.js';
import { expensesRepository } from '../modules/expenses/expenses.repository.js';
import { suppliersRepository } from '../modules/suppliers/suppliers.repository.js';
import { usersRepository } from '../modules/users/users.repository.js';
import { setsSomething } from './table-rows.js';

const t = testApp();

/** A row's version: PostgreSQL gives the row a new xmin on every write of it. */
async function version(table: 'distributors' | 'expenses' | 'users', id: number) {
  const res = await t.database.db.execute(sql`select xmin::text as v from ${sql.identifier(table)} where id = ${id}`);
  return (res as unknown as { rows: { v: string }[] }).rows[0].v;
}

describe('an update with nothing to set', () => {
  it('counts only defined values (Drizzle leaves undefined out of the SET)', () => {
    expect(setsSomething({})).toBe(false);
    expect(setsSomething({ company: undefined })).toBe(false);
    expect(setsSomething({ company: '' })).toBe(true);
    expect(setsSomething({ customerId: null })).toBe(true);
  });

  it('writes nothing and answers the record as it is, for every repository built on the shared rows', async () => {
    const db = t.database.db;
    const supplier = await created<{ id: number; company: string }>(
      t,
      '/api/distributor/insert/',
      { company: 'Nothing To Set Ltd' },
      'distributor',
    );
    const expense = await created<{ id: number }>(
      t,
      '/api/expenses/insert/',
      { date: '2026-03-05', billerID: 2, expense: 'Fuel', amount: 10 },
      'expense',
    );
    const before = [
      await version('distributors', supplier.id),
      await version('expenses', expense.id),
      await version('users', 1),
    ];
    for (const values of [{}, { company: undefined }]) {
      expect(await suppliersRepository.update(db, supplier.id, values)).toMatchObject({
        id: supplier.id,
        company: 'Nothing To Set Ltd',
      });
    }
    await expect(expensesRepository.update(db, expense.id, {})).resolves.toBeUndefined();
    expect(await usersRepository.update(db, 1, { username: undefined })).toEqual({
      id: 1,
      username: 'admin',
      email: expect.any(String),
      type: 'admin',
      driver: false,
    });
    expect(await suppliersRepository.update(db, 987654, {})).toBeUndefined();
    expect([
      await version('distributors', supplier.id),
      await version('expenses', expense.id),
      await version('users', 1),
    ]).toEqual(before);
  });
});
