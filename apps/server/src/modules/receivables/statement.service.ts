import {
  addressLines,
  PARTY_MESSAGES,
  RECEIVABLES_MESSAGES,
  type Statement,
  type StatementPeriod,
  statementEntries,
  toDollars,
  todayIn,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { AppContext } from '../../lib/context.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { billersRepository } from '../billers/billers.repository.js';
import { customersRepository } from '../customers/customers.repository.js';
import { statementRepository as repo } from './statement.repository.js';

/** The house biller: the business a statement comes from. */
const HOUSE_BILLER = 1;

/**
 * A customer's statement of account for a period (docs/receivables.md): the
 * screen, the PDF and the e-mail are all drawn from this one model.
 */
export async function loadStatement(db: Tx, customerId: number, period: StatementPeriod, today: string) {
  const endDate = period.endDate || today;
  const startDate = period.startDate || `${endDate.slice(0, 8)}01`;
  if (startDate > endDate) throw new ValidationError(RECEIVABLES_MESSAGES.statementPeriod, 'startDate');
  const customer = await customersRepository.find(db, customerId);
  if (!customer) throw new NotFoundError(PARTY_MESSAGES.customerNotFound);
  const house = await billersRepository.find(db, HOUSE_BILLER);
  const opening = await repo.openingBalance(db, customerId, startDate);
  const { entries, totalCharges, totalCredits, closingBalance } = statementEntries(
    opening,
    await repo.movements(db, customerId, startDate, endDate),
  );
  const statement: Statement = {
    customer: {
      id: customer.id,
      company: customer.company,
      name: customer.name,
      addressLines: addressLines(customer),
      phone: customer.phone,
      email: customer.email,
    },
    from: {
      company: house?.company ?? '',
      addressLines: house ? addressLines(house) : [],
      phone: house?.phone ?? '',
      email: house?.email ?? '',
    },
    startDate,
    endDate,
    openingBalance: toDollars(opening),
    entries: entries.map((e) => ({
      date: e.date,
      kind: e.kind,
      reference: e.reference,
      invoiceNo: e.invoiceNo,
      invoiceId: e.invoiceId,
      charge: toDollars(e.charge),
      credit: toDollars(e.credit),
      balance: toDollars(e.balance),
    })),
    totalCharges: toDollars(totalCharges),
    totalCredits: toDollars(totalCredits),
    closingBalance: toDollars(closingBalance),
  };
  return statement;
}

export function createStatementService({ db, config }: AppContext) {
  const today = () => todayIn(config.timeZone);
  return {
    statement: (customerId: number, period: StatementPeriod) => loadStatement(db, customerId, period, today()),
  };
}
