import { CREDIT_LIMIT_FIELD, type CustomerCredit, creditLimitMessage, PARTY_MESSAGES, toDollars } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { creditLimitRepository } from '../customers/credit-limit.repository.js';

/** Who confirmed an invoice past its customer's credit limit, at what balance and limit (dollars). */
const confirmationTrail = auditTrail('credit_limit_confirmation', (c: Record<string, string | number>) => c);

/** What an invoice adds to its customer's open balance: its balance while DUE (cents). */
interface InvoiceStanding {
  id: number;
  invoiceNo: string;
  customerID: number;
  status: string;
  balance: number;
}
const openPart = (i: Pick<InvoiceStanding, 'status' | 'balance'>) => (i.status === 'DUE' ? i.balance : 0);

/**
 * The credit-limit check (docs/receivables.md, "Credit limit"), run inside the transaction
 * of a submit or a line change, after the write and under the invoice's lock. Only a change
 * that raised what this invoice adds to the open balance is checked, so scans on a NEW
 * invoice cost nothing; then one statement reads the customer's limit and, only when one is
 * set, the sum of their DUE balances (invoices_customer_date_idx). Past the limit: without the
 * confirmation a 409 with `field: confirmCreditLimit` (the transaction rolls back); with it,
 * an audit entry says who confirmed, for which invoice, at what balance and limit.
 */
export async function checkCreditLimit(
  tx: Tx,
  before: Pick<InvoiceStanding, 'status' | 'balance'>,
  after: InvoiceStanding,
  confirmed: boolean | undefined,
  user: AuthUser,
) {
  if (!after.customerID || openPart(after) <= openPart(before)) return;
  const credit = await creditLimitRepository.credit(tx, after.customerID, true);
  if (!credit || credit.creditLimit <= 0 || credit.openBalance <= credit.creditLimit) return;
  const openBalance = toDollars(credit.openBalance);
  const creditLimit = toDollars(credit.creditLimit);
  if (!confirmed)
    throw new ConflictError(creditLimitMessage(credit.company, openBalance, creditLimit), CREDIT_LIMIT_FIELD);
  await confirmationTrail.create(tx, user.id, after.id, {
    invoiceID: after.id,
    invoiceNo: after.invoiceNo,
    customerID: after.customerID,
    customer: credit.company,
    openBalance,
    creditLimit,
    confirmedBy: user.username,
  });
}

/** The customer's credit for the invoice screen and the customer view. */
export function createCreditService({ db }: AppContext) {
  return {
    async credit(customerId: number): Promise<CustomerCredit> {
      const row = await creditLimitRepository.credit(db, customerId, false);
      if (!row) throw new NotFoundError(PARTY_MESSAGES.customerNotFound);
      return {
        customerID: customerId,
        creditLimit: toDollars(row.creditLimit),
        openBalance: toDollars(row.openBalance),
        overLimit: row.creditLimit > 0 && row.openBalance > row.creditLimit,
      };
    },
  };
}
