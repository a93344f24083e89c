import {
  allocationProblem,
  formatMoney,
  MESSAGES,
  type OpenInvoice,
  paymentAmountDue,
  RECEIPT_MESSAGES,
  type ReceiptCreate,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { assertMoneyFits, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { customersRepository } from '../customers/customers.repository.js';
import { filesRepository } from '../files.repository.js';
import { lockInvoice, recomputeInvoice } from '../invoices/invoice-recompute.js';
import { paymentsRepository } from '../payments/payments.repository.js';
import type { AuthUser } from '../users/users.service.js';
import { receiptsRepository as repo } from './receipts.repository.js';

/**
 * Receipts (docs/receivables.md "Receipts"): one amount from a customer split
 * over their open invoices, each share a payment of its invoice made by the
 * payments core's rules (the invoice's lock, amountDue = what was owed less
 * the share, the invoice recomputed), all in one transaction.
 */
export function createReceiptsService({ db }: AppContext) {
  const customerExists = async (tx: Tx, id: number) => {
    if (!(await customersRepository.find(tx, id))) throw new NotFoundError(RECEIPT_MESSAGES.customerNotFound);
  };
  const found = async (tx: Tx, id: number) => {
    const receipt = await repo.find(tx, id);
    if (!receipt) throw new NotFoundError(RECEIPT_MESSAGES.notFound);
    return receipt;
  };

  return {
    async openInvoices(customerId: number) {
      await customerExists(db, customerId);
      const rows = await repo.openInvoices(db, customerId);
      return { invoices: rows.map((r) => ({ ...r, total: toDollars(r.total), balance: toDollars(r.balance) })) };
    },

    /**
     * Creates the receipt and one payment per share. The shares' invoices are
     * locked in id order (two receipts at once never deadlock) and each share
     * is checked against the invoice's open balance read under its lock, so a
     * receipt that lost the race is refused (409) instead of over-paying.
     */
    async create(input: ReceiptCreate, image: UploadedImage | null, user: AuthUser) {
      const amountCents = toCents(input.amount);
      const shares = input.allocations
        .map((s) => ({ id: s.invoiceID, cents: toCents(s.amount) }))
        .filter((s) => s.cents > 0)
        .sort((a, b) => a.id - b.id);
      if (new Set(shares.map((s) => s.id)).size !== shares.length)
        throw new ValidationError(RECEIPT_MESSAGES.duplicateInvoice, 'allocations');
      return db.transaction(async (tx) => {
        await customerExists(tx, input.customerID);
        const open: (OpenInvoice & { invoiceNo: string })[] = [];
        for (const share of shares) {
          await lockInvoice(tx, share.id);
          const invoice = (await repo.invoice(tx, share.id))!;
          if (invoice.customerId !== input.customerID)
            throw new ValidationError(RECEIPT_MESSAGES.notOpen(invoice.invoiceNo), 'allocations');
          if (invoice.status !== 'DUE') throw new ConflictError(RECEIPT_MESSAGES.notOpen(invoice.invoiceNo));
          if (share.cents > invoice.balance)
            throw new ConflictError(
              RECEIPT_MESSAGES.shareTooLarge(invoice.invoiceNo, formatMoney(toDollars(invoice.balance))),
            );
          open.push({
            id: invoice.id,
            date: invoice.date,
            balanceCents: invoice.balance,
            invoiceNo: invoice.invoiceNo,
          });
        }
        const problem = allocationProblem(amountCents, shares, open, input.creditOnAccount);
        if (problem) throw new ValidationError(problem, 'allocations');
        const unallocated = amountCents - shares.reduce((sum, s) => sum + s.cents, 0);
        assertMoneyFits("The receipt's", { amount: amountCents, unallocated }, 'amount');

        const chequeFileId = image ? await filesRepository.insert(tx, 'cheque', image) : null;
        const receiptId = await repo.insert(tx, {
          referenceNo: await repo.nextReference(tx),
          customerId: input.customerID,
          date: input.date,
          paymentType: input.paymentType,
          amount: amountCents,
          unallocated,
          chequeNo: input.chequeNo,
          chequeFileId,
          createdBy: user.id,
        });
        for (const [i, share] of shares.entries()) {
          const paymentId = await paymentsRepository.insert(tx, 'customer', {
            referenceNo: await paymentsRepository.nextReference(tx, 'customer'),
            invoiceId: share.id,
            date: input.date,
            paymentType: input.paymentType,
            amountPaid: share.cents,
            amountDue: paymentAmountDue(open[i].balanceCents, share.cents, 0),
            chequeNo: input.chequeNo,
            receiptId,
            createdBy: user.id,
          });
          await recomputeInvoice(tx, share.id);
          const payment = await paymentsRepository.find(tx, 'customer', paymentId);
          await recordAudit(tx, user.id, 'payment', paymentId, 'create', null, payment);
        }
        const receipt = await found(tx, receiptId);
        await recordAudit(tx, user.id, 'receipt', receiptId, 'create', null, receipt);
        return receipt;
      });
    },

    get: (id: number) => found(db, id),

    async ofCustomer(customerId: number) {
      await customerExists(db, customerId);
      return repo.ofCustomer(db, customerId);
    },

    /** Deletes the receipt, every share and the cheque photo; each invoice is recomputed. */
    async remove(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        const stored = await repo.lock(tx, id);
        if (!stored) throw new NotFoundError(RECEIPT_MESSAGES.notFound);
        const before = await found(tx, id);
        const shares = await repo.payments(tx, id);
        const invoiceIds = [...new Set(shares.map((p) => p.invoiceId))].sort((a, b) => a - b);
        for (const invoiceId of invoiceIds) await lockInvoice(tx, invoiceId);
        await repo.removePayments(tx, id);
        await repo.remove(tx, id);
        if (stored.chequeFileId) await filesRepository.remove(tx, stored.chequeFileId);
        for (const invoiceId of invoiceIds) await recomputeInvoice(tx, invoiceId);
        for (const payment of shares) await recordAudit(tx, user.id, 'payment', payment.id, 'delete', payment, null);
        await recordAudit(tx, user.id, 'receipt', id, 'delete', before, null);
      });
      return { message: MESSAGES.deleted };
    },

    /** The cheque photo of a receipt, by its reference number (undefined when none). */
    async chequeImage(referenceNo: string) {
      const fileId = await repo.chequeFileId(db, referenceNo);
      return fileId ? filesRepository.find(db, fileId) : undefined;
    },
  };
}
