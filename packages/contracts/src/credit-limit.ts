import { formatMoney } from './common/money.js';

// No zod here: the invoice screen asks for a credit limit's confirmation without loading the schemas.

/**
 * Credit limit (docs/receivables.md, "Credit limit"). A change that takes a customer's open
 * balance (their DUE invoices' balances) past their limit is refused with 409 and
 * `field: CREDIT_LIMIT_FIELD` until it is sent again with `confirmCreditLimit: true`.
 */
export const CREDIT_LIMIT_FIELD = 'confirmCreditLimit';

/** The question the 409 asks, in dollars. */
export function creditLimitMessage(customer: string, openBalance: number, creditLimit: number): string {
  return `This takes ${customer}'s open balance to ${formatMoney(openBalance)}, past the credit limit of ${formatMoney(creditLimit)}`;
}
