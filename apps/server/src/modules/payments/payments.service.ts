import {
  type DistributorPaymentCreate,
  type DistributorPaymentUpdateInput,
  type HistoryFilter,
  MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentCreate,
  type PaymentKind,
  type PaymentUpdateInput,
  paymentAmountDue,
  RECEIPT_MESSAGES,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { assertMoneyFits, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { filesRepository } from '../files.repository.js';
import type { AuthUser } from '../users/users.service.js';
import type { PaymentKindSpec } from './payment-kinds.js';
import { type PaymentTypes, paymentMappers, paymentsRepository as repo } from './payments.repository.js';

/** What each kind takes: a new payment and a change to one (the contracts' inputs). */
interface PaymentInputs {
  customer: { create: PaymentCreate; update: PaymentUpdateInput };
  supplier: { create: DistributorPaymentCreate; update: DistributorPaymentUpdateInput };
}
type NewPayment = PaymentCreate | DistributorPaymentCreate;
type PaymentChange = PaymentUpdateInput | DistributorPaymentUpdateInput;

/** The discount of a payment or an input (supplier payments have none), in cents. */
const discountOf = (p: object) => ('discountRedeemed' in p ? Number(p.discountRedeemed ?? 0) : 0);

/** A share of a receipt changes only with its receipt (docs/receivables.md "Receipts"): 409 naming it. */
function assertNotAReceiptShare(p: object) {
  if ('receiptNo' in p && typeof p.receiptNo === 'string' && p.receiptNo)
    throw new ConflictError(RECEIPT_MESSAGES.partOfReceipt(p.receiptNo));
}

/**
 * The one payments core (docs/business-rules.md, "Payments"), for either kind:
 * every change takes the owning invoice's lock, stores the payment with the
 * balance left after it, and recomputes the invoice in the same transaction.
 */
export function createPaymentsService<K extends PaymentKind>(ctx: AppContext, kind: PaymentKindSpec<K>) {
  const { db } = ctx;
  type Wire = PaymentTypes[K]['wire'];
  const k = kind.kind;
  const toWire = paymentMappers[k] as (row: PaymentTypes[K]['row']) => Wire;
  const found = async (tx: Tx, id: number) => {
    const row = await repo.find(tx, k, id);
    if (!row) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
    return row;
  };

  return {
    /** Records a payment: its amountDue is what was owed before it, less its amount and discount. */
    async insert(input: PaymentInputs[K]['create'], image: UploadedImage | null, user: AuthUser): Promise<Wire> {
      const payment: NewPayment = input;
      return db.transaction(async (tx) => {
        await kind.lock(tx, payment.invoiceID);
        const owed = await kind.owed(tx, payment.invoiceID);
        const amountPaid = toCents(payment.amountPaid);
        const discount = toCents(discountOf(payment));
        const points = 'awardPointsRedeemed' in payment ? toCents(payment.awardPointsRedeemed) : 0;
        const amountDue = paymentAmountDue(owed.balance, amountPaid, discount);
        assertMoneyFits("The payment's", { amountDue }, 'amountPaid');
        const chequeFileId = image ? await filesRepository.insert(tx, 'cheque', image) : null;
        const id = await repo.insert(tx, k, {
          referenceNo: await repo.nextReference(tx, k),
          invoiceId: payment.invoiceID,
          date: payment.date,
          paymentType: payment.paymentType,
          amountPaid,
          ...(kind.discounts ? { discountRedeemed: discount, awardPointsRedeemed: points } : {}),
          amountDue,
          chequeNo: payment.chequeNo,
          chequeFileId,
          createdBy: user.id,
        } as PaymentTypes[K]['insert']);
        if (points && owed.customerId) await kind.redeemAwardPoints?.(tx, owed.customerId, points);
        await kind.recompute(tx, payment.invoiceID);
        const row = (await repo.find(tx, k, id))!;
        await recordAudit(tx, user.id, kind.entity, id, 'create', null, row);
        return toWire(row);
      });
    },

    /** Changes a payment: its amountDue is what was owed without it, less its new amount and discount. */
    async update(input: PaymentInputs[K]['update'], user: AuthUser): Promise<Wire> {
      const change: PaymentChange = input;
      const first = await found(db, change.id);
      return db.transaction(async (tx) => {
        await kind.lock(tx, first.invoiceID);
        const before = await found(tx, change.id);
        assertNotAReceiptShare(before);
        const paymentType = change.paymentType ?? before.paymentType;
        const chequeNo = change.chequeNo ?? before.chequeNo;
        if (paymentType === 'cheque' && !chequeNo)
          throw new ValidationError(PAYMENT_MESSAGES.chequeNoRequired, 'chequeNo');
        const amountPaid = change.amountPaid === undefined ? before.amountPaid : toCents(change.amountPaid);
        const discountBefore = discountOf(before);
        const newDiscount = 'discountRedeemed' in change ? change.discountRedeemed : undefined;
        const discount = newDiscount === undefined ? discountBefore : toCents(newDiscount);
        if (amountPaid === 0 && discount === 0)
          throw new ValidationError(`amountPaid ${PAYMENT_MESSAGES.nothingPaid}`, 'amountPaid');
        const owed = await kind.owed(tx, before.invoiceID);
        const owedWithout = owed.balance + before.amountPaid + discountBefore;
        const amountDue = paymentAmountDue(owedWithout, amountPaid, discount);
        assertMoneyFits("The payment's", { amountDue }, 'amountPaid');
        await repo.update(tx, k, change.id, {
          date: change.date ?? before.date,
          paymentType,
          chequeNo,
          amountPaid,
          ...(kind.discounts ? { discountRedeemed: discount } : {}),
          amountDue,
        } as Partial<PaymentTypes[K]['insert']>);
        await kind.recompute(tx, before.invoiceID);
        const after = (await repo.find(tx, k, change.id))!;
        await recordAudit(tx, user.id, kind.entity, change.id, 'update', before, after);
        return toWire(after);
      });
    },

    async remove(id: number, user: AuthUser) {
      const first = await found(db, id);
      await db.transaction(async (tx) => {
        await kind.lock(tx, first.invoiceID);
        const payment = await found(tx, id);
        assertNotAReceiptShare(payment);
        await repo.remove(tx, k, id);
        if (payment.chequeFileId) await filesRepository.remove(tx, payment.chequeFileId);
        await kind.recompute(tx, payment.invoiceID);
        await recordAudit(tx, user.id, kind.entity, id, 'delete', payment, null);
      });
      return { message: MESSAGES.deleted };
    },

    /** Payments of an invoice or of its party (customer or supplier), with sums over every matching one. */
    async history(by: 'invoice' | 'party', id: number, filter: HistoryFilter) {
      const { rows, totalRows, totals } = await repo.history(db, k, by, id, filter);
      const dollars = Object.fromEntries(Object.entries(totals).map(([key, cents]) => [key, toDollars(cents)]));
      return {
        ...pageResponse('paymentHistory', rows.map(toWire), filter, totalRows),
        totals: dollars as unknown as PaymentTypes[K]['totals'],
      };
    },

    /** Every payment of the history's filter as CSV, in its order (404 when its invoice or party does not exist). */
    async export(reply: FastifyReply, by: 'invoice' | 'party', id: number, filter: HistoryFilter) {
      if (!(await repo.ownerExists(db, k, by, id))) throw new NotFoundError(kind.missing[by]);
      return repo.export(ctx, reply, k, by, id, filter);
    },

    /** The cheque photo of a payment of this kind, by its reference number (undefined when none). */
    async chequeImage(referenceNo: string) {
      const fileId = await repo.chequeFileId(db, k, referenceNo);
      return fileId ? filesRepository.find(db, fileId) : undefined;
    },
  };
}
export type PaymentsService<K extends PaymentKind> = ReturnType<typeof createPaymentsService<K>>;
