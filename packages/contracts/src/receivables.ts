import { listFilterSchema, pageFields } from './common/list.js';
import { z } from './common/zod.js';
import { documentPartySchema } from './invoice-documents.js';

/**
 * Receivables (docs/receivables.md): who owes what.
 * Money is dollars on the wire; every figure is computed by the server in SQL.
 */

/** The aging report's filter: the list filter and the date it is taken as of ('' or absent = today). */
export const agingFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    asOf: z.union([z.iso.date(), z.literal('')]).optional(),
  }),
);
export type AgingFilter = z.output<typeof agingFilter>;
export type AgingFilterInput = z.input<typeof agingFilter>;

const money = z.number();

/** One customer's open (DUE) balances by the age of the invoice. */
export const agingRowSchema = z
  .object({
    /** The customer's id; 0 for walk-in sales. */
    customerId: z.int(),
    customer: z.string(),
    /** How many DUE invoices are open. */
    openInvoices: z.int(),
    /** The oldest open invoice's date (YYYY-MM-DD). */
    oldest: z.string(),
    days0to30: money,
    days31to60: money,
    days61to90: money,
    over90: money,
    total: money,
  })
  .meta({ id: 'AgingRow' });
export type AgingRow = z.infer<typeof agingRowSchema>;

export const agingResponse = z.object({
  report: z.array(agingRowSchema),
  ...pageFields,
  /** The date the ages are counted to. */
  asOf: z.string(),
  totals: agingRowSchema.omit({ customerId: true, customer: true, oldest: true }).meta({ id: 'AgingTotals' }),
});
export type AgingReport = z.infer<typeof agingResponse>;

/** The statement's period ('' or absent: from the first of this month to today). */
export const statementPeriod = z.preprocess(
  (v) => v ?? {},
  z.object({
    startDate: z.union([z.iso.date(), z.literal('')]).optional(),
    endDate: z.union([z.iso.date(), z.literal('')]).optional(),
  }),
);
export type StatementPeriod = z.output<typeof statementPeriod>;

export const statementEntrySchema = z
  .object({
    date: z.string(),
    kind: z.enum(['invoice', 'payment']),
    /** The invoice number, or the payment's reference (PAY-…). */
    reference: z.string(),
    /** The invoice the entry belongs to (its own number for an invoice). */
    invoiceNo: z.string(),
    /** The invoice's id, to link to it. */
    invoiceId: z.int(),
    /** What the entry adds to the balance: an invoice's amount (total − credited − header discount). */
    charge: money,
    /** What it takes off: a payment's amount plus its discount. */
    credit: money,
    /** The running balance after the entry. */
    balance: money,
  })
  .meta({ id: 'StatementEntry' });
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z
  .object({
    customer: documentPartySchema,
    /** The business (biller 1): who the statement is from. */
    from: documentPartySchema.omit({ id: true, name: true }),
    startDate: z.string(),
    endDate: z.string(),
    /** Everything owed before the start: invoices' amounts less payments, dated before it. */
    openingBalance: money,
    entries: z.array(statementEntrySchema),
    totalCharges: money,
    totalCredits: money,
    /** Opening balance + charges − credits: what was owed at the end of the end date. */
    closingBalance: money,
  })
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof statementSchema>;
export const statementResponse = z.object({ statement: statementSchema });

export const RECEIVABLES_MESSAGES = {
  statementPeriod: 'The start date must not be after the end date',
  noEmail: 'The customer has no e-mail address',
} as const;

/** A customer's credit: the limit (0 = none) and what they owe on DUE invoices, in dollars. */
export const customerCreditSchema = z
  .object({
    customerID: z.int(),
    creditLimit: money,
    openBalance: money,
    /** The limit is set and the open balance is past it. */
    overLimit: z.boolean(),
  })
  .meta({ id: 'CustomerCredit' });
export type CustomerCredit = z.infer<typeof customerCreditSchema>;
export const customerCreditResponse = z.object({ credit: customerCreditSchema });
