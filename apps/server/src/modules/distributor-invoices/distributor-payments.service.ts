import {
  DISTRIBUTOR_INVOICE_MESSAGES,
  type DistributorPayment,
  type distributorPaymentInput,
  type distributorPaymentUpdateInput,
  INVOICE_MESSAGES,
  MESSAGES,
  toCents,
  toDollars,
} from '@wd/contracts';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributorPayments, distributors } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse, paging, searchCondition } from '../../lib/list.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { filesRepository } from '../files.repository.js';
import type { AuthUser } from '../users/users.service.js';
import {
  findDistributorInvoice as find,
  lockDistributorInvoice as lock,
  recomputeDistributorInvoice as recompute,
} from './distributor-invoices.repository.js';

type PaymentInput = z.output<typeof distributorPaymentInput>;

const paymentColumns = {
  id: distributorPayments.id,
  referenceNo: distributorPayments.referenceNo,
  invoiceID: distributorPayments.invoiceId,
  invoiceNo: distributorInvoices.invoiceNo,
  distributor: distributors.company,
  date: distributorPayments.date,
  paymentType: distributorPayments.paymentType,
  amountPaid: distributorPayments.amountPaid,
  amountDue: distributorPayments.amountDue,
  chequeNo: distributorPayments.chequeNo,
  chequeFileId: distributorPayments.chequeFileId,
  status: distributorPayments.status,
  total: distributorInvoices.amountPurchase,
};

/** Payments to suppliers; each one recomputes its invoice under the invoice's lock. */
export function createDistributorPaymentsService({ db }: AppContext) {
  const findPayment = async (tx: Tx, id: number) => {
    const [row] = await tx
      .select(paymentColumns)
      .from(distributorPayments)
      .innerJoin(distributorInvoices, eq(distributorInvoices.id, distributorPayments.invoiceId))
      .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId))
      .where(eq(distributorPayments.id, id));
    return row;
  };
  const toPayment = (r: NonNullable<Awaited<ReturnType<typeof findPayment>>>): DistributorPayment => {
    const { chequeFileId, ...rest } = r;
    return {
      ...rest,
      hasCheque: Boolean(chequeFileId),
      amountPaid: toDollars(r.amountPaid),
      amountDue: toDollars(r.amountDue),
      total: toDollars(r.total),
    };
  };

  return {
    async addPayment(input: PaymentInput, image: UploadedImage | null, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lock(tx, input.invoiceID);
        const head = (await find(tx, input.invoiceID))!;
        const result = await tx.execute<{ n: string }>(sql`select nextval('distributor_payment_reference_seq') as n`);
        const referenceNo = `SPAY-${String((result as unknown as { rows: { n: string }[] }).rows[0].n).padStart(6, '0')}`;
        const amountPaid = toCents(input.amountPaid);
        const chequeFileId = image ? await filesRepository.insert(tx, 'cheque', image) : null;
        const [row] = await tx
          .insert(distributorPayments)
          .values({
            referenceNo,
            invoiceId: input.invoiceID,
            date: input.date,
            paymentType: input.paymentType,
            amountPaid,
            amountDue: head.amountDue - amountPaid,
            chequeNo: input.chequeNo,
            chequeFileId,
            createdBy: user.id,
          })
          .returning({ id: distributorPayments.id });
        await recompute(tx, input.invoiceID);
        const payment = (await findPayment(tx, row.id))!;
        await recordAudit(tx, user.id, 'distributor_payment', row.id, 'create', null, payment);
        return toPayment(payment);
      });
    },

    async updatePayment(input: z.output<typeof distributorPaymentUpdateInput>, user: AuthUser) {
      const first = await findPayment(db, input.id);
      if (!first) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.paymentNotFound);
      return db.transaction(async (tx) => {
        await lock(tx, first.invoiceID);
        const before = await findPayment(tx, input.id);
        if (!before) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.paymentNotFound);
        const paymentType = input.paymentType ?? before.paymentType;
        const chequeNo = input.chequeNo ?? before.chequeNo;
        if (paymentType === 'cheque' && !chequeNo) throw new ValidationError('Please enter the Cheque No.', 'chequeNo');
        const amountPaid = input.amountPaid === undefined ? before.amountPaid : toCents(input.amountPaid);
        const head = (await find(tx, before.invoiceID))!;
        await tx
          .update(distributorPayments)
          .set({
            date: input.date ?? before.date,
            paymentType,
            chequeNo,
            amountPaid,
            amountDue: head.amountDue + before.amountPaid - amountPaid,
          })
          .where(eq(distributorPayments.id, input.id));
        await recompute(tx, before.invoiceID);
        const after = (await findPayment(tx, input.id))!;
        await recordAudit(tx, user.id, 'distributor_payment', input.id, 'update', before, after);
        return toPayment(after);
      });
    },

    async removePayment(id: number, user: AuthUser) {
      const first = await findPayment(db, id);
      if (!first) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.paymentNotFound);
      await db.transaction(async (tx) => {
        await lock(tx, first.invoiceID);
        const payment = await findPayment(tx, id);
        if (!payment) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.paymentNotFound);
        await tx.delete(distributorPayments).where(eq(distributorPayments.id, id));
        if (payment.chequeFileId) await filesRepository.remove(tx, payment.chequeFileId);
        await recompute(tx, payment.invoiceID);
        await recordAudit(tx, user.id, 'distributor_payment', id, 'delete', payment, null);
      });
      return { message: MESSAGES.deleted };
    },

    async history(
      by: 'invoice' | 'distributor',
      id: number,
      filter: {
        currentPage: number;
        resultsPerPage: number;
        searchQuery: string;
        startDate?: string;
        endDate?: string;
      },
    ) {
      const where = and(
        by === 'invoice' ? eq(distributorPayments.invoiceId, id) : eq(distributorInvoices.distributorId, id),
        filter.startDate ? gte(distributorPayments.date, filter.startDate) : undefined,
        filter.endDate ? lte(distributorPayments.date, filter.endDate) : undefined,
        searchCondition(filter.searchQuery, [
          distributorPayments.referenceNo,
          distributorInvoices.invoiceNo,
          distributorPayments.chequeNo,
        ]),
      );
      const { limit, offset } = paging(filter);
      const base = () =>
        db
          .select(paymentColumns)
          .from(distributorPayments)
          .innerJoin(distributorInvoices, eq(distributorInvoices.id, distributorPayments.invoiceId))
          .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId));
      const [rows, [totals]] = await Promise.all([
        base()
          .where(where)
          .orderBy(desc(distributorPayments.date), desc(distributorPayments.id))
          .limit(limit)
          .offset(offset),
        db
          .select({
            rows: count(),
            paid: sql<number>`coalesce(sum(${distributorPayments.amountPaid}), 0)`.mapWith(Number),
          })
          .from(distributorPayments)
          .innerJoin(distributorInvoices, eq(distributorInvoices.id, distributorPayments.invoiceId))
          .where(where),
      ]);
      return {
        ...pageResponse('paymentHistory', rows.map(toPayment), filter, totals.rows),
        totals: { paid: toDollars(totals.paid) },
      };
    },

    async chequeImage(referenceNo: string) {
      const [row] = await db
        .select({ fileId: distributorPayments.chequeFileId })
        .from(distributorPayments)
        .where(eq(distributorPayments.referenceNo, referenceNo));
      const file = row?.fileId ? await filesRepository.find(db, row.fileId) : undefined;
      if (!file) throw new NotFoundError(INVOICE_MESSAGES.noCheque);
      return file;
    },
  };
}
