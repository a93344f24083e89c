import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, invoices } from '../../db/schema/index.js';

/**
 * A customer's open balance in cents: the sum of their DUE invoices' balances
 * (docs/receivables.md), read through invoices_customer_date_idx. `customerId`
 * is the outer customers row's column in the list filter, or a bound id.
 */
export function openBalanceOf(customerId: typeof customers.id | number) {
  return sql<number>`(select coalesce(sum(${invoices.balance}), 0) from ${invoices}
    where ${invoices.customerId} = ${customerId} and ${invoices.status} = 'DUE')`.mapWith(Number);
}

/**
 * Customers owing more than their limit: those with a limit (customers_credit_limit_idx)
 * whose open balance is past it.
 */
export function overCreditLimit() {
  return and(gt(customers.creditLimit, 0), sql`${openBalanceOf(customers.id)} > ${customers.creditLimit}`);
}

export const creditLimitRepository = {
  /**
   * The customer's name, limit (cents) and open balance (cents) in one statement. With
   * `onlyWhenLimited` the balance is summed only when the limit is set (else 0): the sum's
   * subquery sits in a CASE branch, which PostgreSQL evaluates only when the branch is taken.
   */
  async credit(db: Tx, customerId: number, onlyWhenLimited: boolean) {
    const balance = openBalanceOf(customerId);
    const [row] = await db
      .select({
        company: customers.company,
        creditLimit: customers.creditLimit,
        openBalance: onlyWhenLimited
          ? sql<number>`case when ${customers.creditLimit} > 0 then ${balance} else 0 end`.mapWith(Number)
          : balance,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row;
  },
};
