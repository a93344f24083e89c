import {
  allocationProblem,
  formatMoney,
  MESSAGES,
  type OpenInvoice,
  RECEIPT_MESSAGES,
  type Receipt,
  type ReceiptCreate,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { assertMoneyFits, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { customersRepository } from '../customers/customers.repository.js';
import { filesRepository } from '../files/files.repository.js';
import { lockInvoice } from '../ledger/invoice-totals.js';
import { deletePayment, recordPayment } from '../ledger/payments-ledger.js';
import { receiptsRepository as repo } from './receipts.repository.js';

/** A receipt's audit trail: the receipt with its shares as the API answers it. */
const receiptTrail = auditTrail('receipt', (r: Receipt) => r);

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
        // Each share is a payment of its invoice, made by the ledger's one rule (amountDue, recompute, audit).
        for (const share of shares) {
          await recordPayment(
            tx,
            'customer',
            {
              invoiceId: share.id,
              date: input.date,
              paymentType: input.paymentType,
              amountPaid: share.cents,
              chequeNo: input.chequeNo,
              receiptId,
            },
            user.id,
          );
        }
        const receipt = await found(tx, receiptId);
        await receiptTrail.create(tx, user.id, receiptId, receipt);
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
        for (const payment of shares) await deletePayment(tx, 'customer', payment.id, user.id, true);
        await repo.remove(tx, id);
        if (stored.chequeFileId) await filesRepository.remove(tx, stored.chequeFileId);
        await receiptTrail.delete(tx, user.id, id, before);
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
