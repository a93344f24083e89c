import {
  DISTRIBUTOR_INVOICE_MESSAGES,
  type DistributorInvoice,
  type DistributorPayment,
  type distributorInvoiceInput,
  type distributorPaymentInput,
  type distributorPaymentUpdateInput,
  INVOICE_MESSAGES,
  MESSAGES,
  PARTY_MESSAGES,
  settledStatus,
  toCents,
  toDollars,
} from '@wd/contracts';
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributorPayments, distributors } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { orderBy, pageResponse, paging, searchCondition } from '../../lib/list.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { filesRepository } from '../files.repository.js';
import type { AuthUser } from '../users/users.service.js';

type Input = z.output<typeof distributorInvoiceInput>;
type PaymentInput = z.output<typeof distributorPaymentInput>;

const columns = {
  id: distributorInvoices.id,
  date: distributorInvoices.date,
  datePaid: distributorInvoices.datePaid,
  distributorID: distributorInvoices.distributorId,
  distributor: distributors.company,
  invoiceNo: distributorInvoices.invoiceNo,
  amountPurchase: distributorInvoices.amountPurchase,
  amountPaid: distributorInvoices.amountPaid,
  amountDue: distributorInvoices.amountDue,
  note: distributorInvoices.note,
  status: distributorInvoices.status,
};
type Row = Omit<typeof distributorInvoices.$inferSelect, 'distributorId' | 'createdAt' | 'updatedAt'> & {
  distributorID: number;
  distributor: string;
};

const toInvoice = (r: Row): DistributorInvoice =>
  ({
    ...r,
    amountPurchase: toDollars(r.amountPurchase),
    amountPaid: toDollars(r.amountPaid),
    amountDue: toDollars(r.amountDue),
  }) as DistributorInvoice;

const sortable = {
  id: distributorInvoices.id,
  date: distributorInvoices.date,
  distributor: distributors.company,
  invoiceNo: distributorInvoices.invoiceNo,
  amountPurchase: distributorInvoices.amountPurchase,
  amountPaid: distributorInvoices.amountPaid,
  amountDue: distributorInvoices.amountDue,
  status: distributorInvoices.status,
};

export interface DistributorInvoiceFilter {
  currentPage: number;
  resultsPerPage: number;
  searchQuery: string;
  sortingList: { column: string; order: 'asc' | 'desc' }[];
  startDate?: string;
  endDate?: string;
  month?: number | '';
  year?: number | '';
  distributor?: number | '';
  status?: string;
}

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

export function createDistributorInvoicesService({ db }: AppContext) {
  const find = async (tx: Tx, id: number) => {
    const [row] = await tx
      .select(columns)
      .from(distributorInvoices)
      .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId))
      .where(eq(distributorInvoices.id, id));
    return row as Row | undefined;
  };
  const lock = async (tx: Tx, id: number) => {
    const [row] = await tx
      .select({ id: distributorInvoices.id })
      .from(distributorInvoices)
      .where(eq(distributorInvoices.id, id))
      .for('update');
    if (!row) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.notFound);
  };
  const assertDistributor = async (tx: Tx, id: number) => {
    const [row] = await tx.select({ id: distributors.id }).from(distributors).where(eq(distributors.id, id));
    if (!row) throw new NotFoundError(PARTY_MESSAGES.distributorNotFound);
  };

  /** amountPaid = Σ payments; amountDue = purchase − paid; status from it; datePaid from the paying payment. */
  const recompute = async (tx: Tx, id: number) => {
    const [head] = await tx.select().from(distributorInvoices).where(eq(distributorInvoices.id, id));
    const pays = await tx
      .select()
      .from(distributorPayments)
      .where(eq(distributorPayments.invoiceId, id))
      .orderBy(asc(distributorPayments.date), asc(distributorPayments.id));
    const paid = pays.reduce((s, p) => s + p.amountPaid, 0);
    const due = head.amountPurchase - paid;
    const status = settledStatus(due);
    let datePaid: string | null = null;
    if (status === 'PAID') {
      let running = 0;
      for (const p of pays) {
        running += p.amountPaid;
        if (running >= head.amountPurchase) {
          datePaid = p.date;
          break;
        }
      }
    }
    await tx
      .update(distributorInvoices)
      .set({ amountPaid: paid, amountDue: due, status, datePaid })
      .where(eq(distributorInvoices.id, id));
  };

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
    async get(id: number) {
      const row = await find(db, id);
      if (!row) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.notFound);
      return toInvoice(row);
    },

    async list(filter: DistributorInvoiceFilter) {
      const where = and(
        searchCondition(filter.searchQuery, [
          distributorInvoices.invoiceNo,
          distributors.company,
          distributorInvoices.note,
        ]),
        filter.startDate ? gte(distributorInvoices.date, filter.startDate) : undefined,
        filter.endDate ? lte(distributorInvoices.date, filter.endDate) : undefined,
        filter.month ? sql`extract(month from ${distributorInvoices.date}) = ${filter.month}` : undefined,
        filter.year ? sql`extract(year from ${distributorInvoices.date}) = ${filter.year}` : undefined,
        filter.distributor ? eq(distributorInvoices.distributorId, filter.distributor) : undefined,
        filter.status && filter.status !== 'All' ? eq(distributorInvoices.status, filter.status as 'DUE') : undefined,
      );
      const { limit, offset } = paging(filter);
      const [rows, [totals]] = await Promise.all([
        db
          .select(columns)
          .from(distributorInvoices)
          .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId))
          .where(where)
          .orderBy(
            ...orderBy(filter.sortingList, sortable, [desc(distributorInvoices.date), desc(distributorInvoices.id)]),
          )
          .limit(limit)
          .offset(offset),
        db
          .select({
            rows: count(),
            purchase: sql<number>`coalesce(sum(${distributorInvoices.amountPurchase}), 0)`.mapWith(Number),
            paid: sql<number>`coalesce(sum(${distributorInvoices.amountPaid}), 0)`.mapWith(Number),
            due: sql<number>`coalesce(sum(${distributorInvoices.amountDue}), 0)`.mapWith(Number),
          })
          .from(distributorInvoices)
          .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId))
          .where(where),
      ]);
      return {
        ...pageResponse('distributorInvoices', (rows as Row[]).map(toInvoice), filter, totals.rows),
        totals: {
          amountPurchase: toDollars(totals.purchase),
          amountPaid: toDollars(totals.paid),
          amountDue: toDollars(totals.due),
        },
      };
    },

    async create(input: Input, user: AuthUser) {
      return db.transaction(async (tx) => {
        await assertDistributor(tx, input.distributorID);
        const [row] = await tx
          .insert(distributorInvoices)
          .values({
            date: input.date,
            distributorId: input.distributorID,
            invoiceNo: input.invoiceNo,
            amountPurchase: toCents(input.amountPurchase),
            amountDue: toCents(input.amountPurchase),
            note: input.note,
          })
          .returning({ id: distributorInvoices.id });
        await recompute(tx, row.id);
        const created = (await find(tx, row.id))!;
        await recordAudit(tx, user.id, 'distributor_invoice', row.id, 'create', null, created);
        return toInvoice(created);
      });
    },

    async update(input: Input & { id: number }, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lock(tx, input.id);
        await assertDistributor(tx, input.distributorID);
        const before = await find(tx, input.id);
        await tx
          .update(distributorInvoices)
          .set({
            date: input.date,
            distributorId: input.distributorID,
            invoiceNo: input.invoiceNo,
            amountPurchase: toCents(input.amountPurchase),
            note: input.note,
          })
          .where(eq(distributorInvoices.id, input.id));
        await recompute(tx, input.id);
        const after = (await find(tx, input.id))!;
        await recordAudit(tx, user.id, 'distributor_invoice', input.id, 'update', before, after);
        return toInvoice(after);
      });
    },

    async remove(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        await lock(tx, id);
        const before = await find(tx, id);
        const pays = await tx.select().from(distributorPayments).where(eq(distributorPayments.invoiceId, id));
        await tx.delete(distributorInvoices).where(eq(distributorInvoices.id, id));
        await recordAudit(tx, user.id, 'distributor_invoice', id, 'delete', { invoice: before, payments: pays }, null);
      });
      return { message: MESSAGES.deleted };
    },

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
