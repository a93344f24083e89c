import type { StatementMovement } from '@wd/contracts';
import { and, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { invoices, payments } from '../../db/schema/index.js';

/** What an invoice adds to what the customer owes: total − credited − the header's discount (cents). */
const invoiceAmount = sql`${invoices.total} - ${invoices.amountCredited} - ${invoices.headerDiscount}`;
/** What a payment takes off: its amount and its discount (cents). */
const paymentCredit = sql`${payments.amountPaid} + ${payments.discountRedeemed}`;
/** The customer's invoices that count: every one but NEW drafts. */
const ofCustomer = (customerId: number) => and(eq(invoices.customerId, customerId), ne(invoices.status, 'NEW'));

/**
 * The figures of a statement (docs/receivables.md), read by the
 * customer's invoice index and the payments' invoice index: the balance
 * before the period, and every invoice and payment dated in it.
 */
export const statementRepository = {
  async openingBalance(db: Tx, customerId: number, start: string): Promise<number> {
    const [charged] = await db
      .select({ cents: sql<string>`coalesce(sum(${invoiceAmount}), 0)` })
      .from(invoices)
      .where(and(ofCustomer(customerId), lt(invoices.date, start)));
    const [credited] = await db
      .select({ cents: sql<string>`coalesce(sum(${paymentCredit}), 0)` })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(ofCustomer(customerId), lt(payments.date, start)));
    return Number(charged.cents) - Number(credited.cents);
  },

  async movements(db: Tx, customerId: number, start: string, end: string): Promise<StatementMovement[]> {
    const invoiceRows = await db
      .select({
        id: invoices.id,
        date: invoices.date,
        invoiceNo: invoices.invoiceNo,
        charge: sql<number>`(${invoiceAmount})::int`,
      })
      .from(invoices)
      .where(and(ofCustomer(customerId), gte(invoices.date, start), lte(invoices.date, end)));
    const paymentRows = await db
      .select({
        id: payments.id,
        date: payments.date,
        reference: payments.referenceNo,
        invoiceId: payments.invoiceId,
        invoiceNo: invoices.invoiceNo,
        credit: sql<number>`(${paymentCredit})::int`,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(ofCustomer(customerId), gte(payments.date, start), lte(payments.date, end)));
    return [
      ...invoiceRows.map((r) => ({
        kind: 'invoice' as const,
        id: r.id,
        date: r.date,
        reference: r.invoiceNo,
        invoiceNo: r.invoiceNo,
        invoiceId: r.id,
        charge: Number(r.charge),
        credit: 0,
      })),
      ...paymentRows.map((r) => ({
        kind: 'payment' as const,
        id: r.id,
        date: r.date,
        reference: r.reference,
        invoiceNo: r.invoiceNo,
        invoiceId: r.invoiceId,
        charge: 0,
        credit: Number(r.credit),
      })),
    ];
  },

  /** Σ balance of the customer's counted invoices dated up to `end`: what the closing balance must equal (tests). */
  async balancesUpTo(db: Tx, customerId: number, end: string): Promise<number> {
    const [row] = await db
      .select({ cents: sql<string>`coalesce(sum(${invoices.balance}), 0)` })
      .from(invoices)
      .where(and(ofCustomer(customerId), lte(invoices.date, end)));
    return Number(row.cents);
  },
};
