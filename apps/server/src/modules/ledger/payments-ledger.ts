import {
  PAYMENT_MESSAGES,
  type PaymentKind,
  type PaymentType,
  paymentAmountDue,
  RECEIPT_MESSAGES,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import { assertMoneyFits, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { customersRepository } from '../customers/customers.repository.js';
import { filesRepository } from '../files/files.repository.js';
import { lockInvoice, recomputeInvoice } from './invoice-totals.js';
import { ledgerRepository as repo, type StoredPayment } from './ledger.repository.js';
import { lockSupplierInvoice, recomputeSupplierInvoice } from './supplier-amounts.js';

/**
 * Payments of both kinds (docs/business-rules.md, "Payments"): customer
 * payments against invoices and supplier payments against supplier invoices.
 * Every write takes the owning invoice's lock, stores the payment with what is
 * still owed after it (amountDue), recomputes the invoice and audits the
 * payment, all in the caller's transaction. The payments screens and receipts
 * both write through here.
 */

/** A payment as the audit log keeps it: the wire's field names, money in dollars. */
function paymentSnapshot(row: StoredPayment<PaymentKind>) {
  return {
    id: row.id,
    referenceNo: row.referenceNo,
    invoiceID: row.invoiceId,
    date: row.date,
    paymentType: row.paymentType,
    amountPaid: toDollars(row.amountPaid),
    ...('discountRedeemed' in row
      ? {
          discountRedeemed: toDollars(row.discountRedeemed),
          awardPointsRedeemed: toDollars(row.awardPointsRedeemed),
          receiptID: row.receiptId,
        }
      : {}),
    amountDue: toDollars(row.amountDue),
    chequeNo: row.chequeNo,
    hasCheque: row.chequeFileId !== null,
  };
}

/** What differs between the two kinds: the owning invoice (its lock, what is owed, its recompute) and the audit name. */
const kinds = {
  customer: {
    trail: auditTrail<StoredPayment<PaymentKind>>('payment', paymentSnapshot),
    discounts: true,
    async owed(tx: Tx, invoiceId: number) {
      const invoice = await lockInvoice(tx, invoiceId);
      return { balance: invoice.balance, customerId: invoice.customerId ?? 0 };
    },
    lock: lockInvoice,
    recompute: recomputeInvoice,
  },
  supplier: {
    trail: auditTrail<StoredPayment<PaymentKind>>('supplier_payment', paymentSnapshot),
    discounts: false,
    async owed(tx: Tx, invoiceId: number) {
      const invoice = await lockSupplierInvoice(tx, invoiceId);
      return { balance: invoice.amountDue, customerId: 0 };
    },
    lock: lockSupplierInvoice,
    recompute: recomputeSupplierInvoice,
  },
};

/** The audit snapshot of a stored payment (an invoice's deletion keeps its payments this way). */
export { paymentSnapshot };

/** A new payment, in cents. */
export interface NewPayment {
  invoiceId: number;
  date: string;
  paymentType: PaymentType;
  amountPaid: number;
  /** Customer payments only. */
  discountRedeemed?: number;
  /** Customer payments only: cents of a dollar, taken off the customer's points. */
  awardPointsRedeemed?: number;
  chequeNo: string;
  chequeFileId?: number | null;
  /** The receipt this payment is a share of. */
  receiptId?: number | null;
}

/** A change to a payment, in cents; what is left out stays. */
export interface PaymentChange {
  date?: string;
  paymentType?: PaymentType;
  chequeNo?: string;
  amountPaid?: number;
  discountRedeemed?: number;
}

const discountOf = (p: StoredPayment<PaymentKind>) => ('discountRedeemed' in p ? p.discountRedeemed : 0);

/** A share of a receipt changes only with its receipt (docs/receivables.md "Receipts"): 409 naming it. */
async function assertNotAReceiptShare(tx: Tx, p: StoredPayment<PaymentKind>) {
  if (!('receiptId' in p) || !p.receiptId) return;
  const referenceNo = await repo.receiptReference(tx, p.receiptId);
  throw new ConflictError(RECEIPT_MESSAGES.partOfReceipt(referenceNo ?? ''));
}

async function found<K extends PaymentKind>(tx: Tx, kind: K, id: number) {
  const row = await repo.findPayment(tx, kind, id);
  if (!row) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
  return row;
}

/** The invoice a payment pays, read before its lock is taken (404 when the payment does not exist). */
async function paymentInvoiceId(tx: Tx, kind: PaymentKind, id: number) {
  return (await found(tx, kind, id)).invoiceId;
}

/** Records a payment: its amountDue is what was owed before it, less its amount and discount. Answers its id. */
export async function recordPayment(tx: Tx, kind: PaymentKind, p: NewPayment, userId: number) {
  const k = kinds[kind];
  const owed = await k.owed(tx, p.invoiceId);
  const discount = k.discounts ? (p.discountRedeemed ?? 0) : 0;
  const points = k.discounts ? (p.awardPointsRedeemed ?? 0) : 0;
  const amountDue = paymentAmountDue(owed.balance, p.amountPaid, discount);
  assertMoneyFits("The payment's", { amountDue }, 'amountPaid');
  const row = await repo.insertPayment(tx, kind, {
    referenceNo: await repo.nextReference(tx, kind),
    invoiceId: p.invoiceId,
    date: p.date,
    paymentType: p.paymentType,
    amountPaid: p.amountPaid,
    ...(k.discounts ? { discountRedeemed: discount, awardPointsRedeemed: points, receiptId: p.receiptId ?? null } : {}),
    amountDue,
    chequeNo: p.chequeNo,
    chequeFileId: p.chequeFileId ?? null,
    createdBy: userId,
  });
  if (points && owed.customerId) await redeemAwardPoints(tx, owed.customerId, points);
  await k.recompute(tx, p.invoiceId);
  await k.trail.create(tx, userId, row.id, row);
  return row.id;
}

/** Changes a payment: its amountDue is what was owed without it, less its new amount and discount. */
export async function changePayment(tx: Tx, kind: PaymentKind, id: number, change: PaymentChange, userId: number) {
  const k = kinds[kind];
  const invoiceId = await paymentInvoiceId(tx, kind, id);
  const owed = await k.owed(tx, invoiceId);
  const before = await found(tx, kind, id);
  await assertNotAReceiptShare(tx, before);
  const paymentType = change.paymentType ?? before.paymentType;
  const chequeNo = change.chequeNo ?? before.chequeNo;
  if (paymentType === 'cheque' && !chequeNo) throw new ValidationError(PAYMENT_MESSAGES.chequeNoRequired, 'chequeNo');
  const amountPaid = change.amountPaid ?? before.amountPaid;
  const discountBefore = discountOf(before);
  const discount = k.discounts ? (change.discountRedeemed ?? discountBefore) : 0;
  if (amountPaid === 0 && discount === 0)
    throw new ValidationError(`amountPaid ${PAYMENT_MESSAGES.nothingPaid}`, 'amountPaid');
  const owedWithout = owed.balance + before.amountPaid + discountBefore;
  const amountDue = paymentAmountDue(owedWithout, amountPaid, discount);
  assertMoneyFits("The payment's", { amountDue }, 'amountPaid');
  const after = await repo.updatePayment(tx, kind, id, {
    date: change.date ?? before.date,
    paymentType,
    chequeNo,
    amountPaid,
    ...(k.discounts ? { discountRedeemed: discount } : {}),
    amountDue,
  });
  await k.recompute(tx, invoiceId);
  await k.trail.update(tx, userId, id, before, after);
}

/**
 * Deletes a payment and its cheque photo and recomputes its invoice. A
 * receipt's share is refused unless `ofReceipt` (the receipt's own deletion).
 */
export async function deletePayment(tx: Tx, kind: PaymentKind, id: number, userId: number, ofReceipt = false) {
  const k = kinds[kind];
  const invoiceId = await paymentInvoiceId(tx, kind, id);
  await k.lock(tx, invoiceId);
  const payment = await found(tx, kind, id);
  if (!ofReceipt) await assertNotAReceiptShare(tx, payment);
  await repo.removePayment(tx, kind, id);
  if (payment.chequeFileId) await filesRepository.remove(tx, payment.chequeFileId);
  await k.recompute(tx, invoiceId);
  await k.trail.delete(tx, userId, id, payment);
}

/** Takes redeemed award points (cents of a dollar each point) off the customer. */
async function redeemAwardPoints(tx: Tx, customerId: number, points: number) {
  await customersRepository.lock(tx, customerId);
  const customer = await customersRepository.find(tx, customerId);
  if (!customer) return;
  const awardPoints = Math.max(0, customer.awardPoints - Math.round(points / 100));
  await customersRepository.update(tx, customerId, { awardPoints });
}
