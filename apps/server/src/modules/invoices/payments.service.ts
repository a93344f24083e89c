import {
  INVOICE_MESSAGES,
  MESSAGES,
  type Payment,
  paymentAmountDue,
  type paymentInput,
  type paymentUpdateInput,
  toCents,
  toDollars,
  WALK_IN_CUSTOMER,
} from '@wd/contracts';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { billers, customers, invoices, payments } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse, paging, searchCondition } from '../../lib/list.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { filesRepository } from '../files.repository.js';
import type { AuthUser } from '../users/users.service.js';
import { recomputeInvoice } from './invoice-lines.js';
import { invoicesRepository } from './invoices.repository.js';

type Input = z.output<typeof paymentInput>;

const historyColumns = {
  id: payments.id,
  referenceNo: payments.referenceNo,
  invoiceID: payments.invoiceId,
  invoiceNo: invoices.invoiceNo,
  date: payments.date,
  paymentType: payments.paymentType,
  amountPaid: payments.amountPaid,
  discountRedeemed: payments.discountRedeemed,
  awardPointsRedeemed: payments.awardPointsRedeemed,
  amountDue: payments.amountDue,
  chequeNo: payments.chequeNo,
  chequeFileId: payments.chequeFileId,
  status: payments.status,
  biller: billers.company,
  customer: sql<string>`coalesce(${customers.company}, ${WALK_IN_CUSTOMER})`,
  total: invoices.total,
};
type Row = Awaited<ReturnType<ReturnType<typeof historyQuery>['execute']>>[number];
function historyQuery(db: Tx) {
  return db
    .select(historyColumns)
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(billers, eq(billers.id, invoices.billerId))
    .leftJoin(customers, eq(customers.id, invoices.customerId));
}

function toPayment(r: Row): Payment {
  const { chequeFileId, ...rest } = r;
  return {
    ...rest,
    hasCheque: Boolean(chequeFileId),
    amountPaid: toDollars(r.amountPaid),
    discountRedeemed: toDollars(r.discountRedeemed),
    awardPointsRedeemed: toDollars(r.awardPointsRedeemed),
    amountDue: toDollars(r.amountDue),
    total: toDollars(r.total),
  };
}

export interface HistoryFilter {
  currentPage: number;
  resultsPerPage: number;
  searchQuery: string;
  startDate?: string;
  endDate?: string;
}

export function createPaymentsService({ db }: AppContext) {
  const findOne = async (tx: Tx, id: number) => {
    const [row] = await historyQuery(tx).where(eq(payments.id, id));
    return row;
  };

  return {
    /**
     * Records a payment under the invoice's lock: its amountDue is the balance
     * before it less amount and discount; award points come off the customer.
     */
    async insert(input: Input, image: UploadedImage | null, user: AuthUser) {
      return db.transaction(async (tx) => {
        const lock = await invoicesRepository.lock(tx, input.invoiceID);
        if (!lock) throw new NotFoundError(INVOICE_MESSAGES.notFound);
        const invoice = (await invoicesRepository.find(tx, input.invoiceID))!;
        const amountPaid = toCents(input.amountPaid);
        const discount = toCents(input.discountRedeemed);
        const points = toCents(input.awardPointsRedeemed);
        const chequeFileId = image ? await filesRepository.insert(tx, 'cheque', image) : null;
        const referenceNo = await invoicesRepository.nextPaymentReference(tx);
        const [row] = await tx
          .insert(payments)
          .values({
            referenceNo,
            invoiceId: input.invoiceID,
            date: input.date,
            paymentType: input.paymentType,
            amountPaid,
            discountRedeemed: discount,
            awardPointsRedeemed: points,
            amountDue: paymentAmountDue(invoice.balance, amountPaid, discount),
            chequeNo: input.paymentType === 'cheque' ? input.chequeNo : input.chequeNo,
            chequeFileId,
            createdBy: user.id,
          })
          .returning({ id: payments.id });
        if (points && invoice.customerID) {
          await tx
            .update(customers)
            .set({ awardPoints: sql`greatest(0, ${customers.awardPoints} - ${Math.round(points / 100)})` })
            .where(eq(customers.id, invoice.customerID));
        }
        await recomputeInvoice(tx, input.invoiceID);
        const payment = (await findOne(tx, row.id))!;
        await recordAudit(tx, user.id, 'payment', row.id, 'create', null, payment);
        return toPayment(payment);
      });
    },

    /**
     * Changes a payment under the invoice's lock; its amountDue is the balance
     * before it (the invoice's balance without it) less its amount and discount.
     */
    async update(input: z.output<typeof paymentUpdateInput>, user: AuthUser) {
      const first = await findOne(db, input.id);
      if (!first) throw new NotFoundError(INVOICE_MESSAGES.paymentNotFound);
      return db.transaction(async (tx) => {
        await invoicesRepository.lock(tx, first.invoiceID);
        const before = await findOne(tx, input.id);
        if (!before) throw new NotFoundError(INVOICE_MESSAGES.paymentNotFound);
        const paymentType = input.paymentType ?? before.paymentType;
        const chequeNo = input.chequeNo ?? before.chequeNo;
        if (paymentType === 'cheque' && !chequeNo) throw new ValidationError('Please enter the Cheque No.', 'chequeNo');
        const amountPaid = input.amountPaid === undefined ? before.amountPaid : toCents(input.amountPaid);
        const discount =
          input.discountRedeemed === undefined ? before.discountRedeemed : toCents(input.discountRedeemed);
        if (amountPaid === 0 && discount === 0)
          throw new ValidationError('amountPaid must not be 0 when the discount is 0 too', 'amountPaid');
        const invoice = (await invoicesRepository.find(tx, before.invoiceID))!;
        const balanceWithout = invoice.balance + before.amountPaid + before.discountRedeemed;
        await tx
          .update(payments)
          .set({
            date: input.date ?? before.date,
            paymentType,
            chequeNo,
            amountPaid,
            discountRedeemed: discount,
            amountDue: paymentAmountDue(balanceWithout, amountPaid, discount),
          })
          .where(eq(payments.id, input.id));
        await recomputeInvoice(tx, before.invoiceID);
        const after = (await findOne(tx, input.id))!;
        await recordAudit(tx, user.id, 'payment', input.id, 'update', before, after);
        return toPayment(after);
      });
    },

    async remove(id: number, user: AuthUser) {
      const first = await findOne(db, id);
      if (!first) throw new NotFoundError(INVOICE_MESSAGES.paymentNotFound);
      await db.transaction(async (tx) => {
        await invoicesRepository.lock(tx, first.invoiceID);
        const payment = await findOne(tx, id);
        if (!payment) throw new NotFoundError(INVOICE_MESSAGES.paymentNotFound);
        await tx.delete(payments).where(eq(payments.id, id));
        if (payment.chequeFileId) await filesRepository.remove(tx, payment.chequeFileId);
        await recomputeInvoice(tx, payment.invoiceID);
        await recordAudit(tx, user.id, 'payment', id, 'delete', payment, null);
      });
      return { message: MESSAGES.deleted };
    },

    /** Payment history of an invoice or of a customer; totals over every matching row. */
    async history(by: 'invoice' | 'customer', id: number, filter: HistoryFilter) {
      const where = and(
        by === 'invoice' ? eq(payments.invoiceId, id) : eq(invoices.customerId, id),
        filter.startDate ? gte(payments.date, filter.startDate) : undefined,
        filter.endDate ? lte(payments.date, filter.endDate) : undefined,
        searchCondition(filter.searchQuery, [
          payments.referenceNo,
          invoices.invoiceNo,
          payments.chequeNo,
          payments.paymentType,
        ]),
      );
      const { limit, offset } = paging(filter);
      const [rows, [totals]] = await Promise.all([
        historyQuery(db).where(where).orderBy(desc(payments.date), desc(payments.id)).limit(limit).offset(offset),
        db
          .select({
            rows: sql<number>`count(*)`.mapWith(Number),
            paid: sql<number>`coalesce(sum(${payments.amountPaid}), 0)`.mapWith(Number),
            discount: sql<number>`coalesce(sum(${payments.discountRedeemed}), 0)`.mapWith(Number),
          })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(where),
      ]);
      return {
        ...pageResponse('paymentHistory', rows.map(toPayment), filter, totals.rows),
        totals: { paid: toDollars(totals.paid), discount: toDollars(totals.discount) },
      };
    },

    async chequeImage(referenceNo: string) {
      const [row] = await db
        .select({ fileId: payments.chequeFileId, type: payments.paymentType, chequeNo: payments.chequeNo })
        .from(payments)
        .where(eq(payments.referenceNo, referenceNo));
      const file = row?.fileId ? await filesRepository.find(db, row.fileId) : undefined;
      if (!file) throw new NotFoundError(INVOICE_MESSAGES.noCheque);
      return file;
    },
  };
}
