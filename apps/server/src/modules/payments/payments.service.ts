import {
  type HistoryFilter,
  INVOICE_MESSAGES,
  MESSAGES,
  PARTY_MESSAGES,
  type PaymentCreate,
  type PaymentKind,
  type PaymentUpdateInput,
  SUPPLIER_INVOICE_MESSAGES,
  type SupplierPaymentCreate,
  type SupplierPaymentUpdateInput,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { type CsvFile, listCsv } from '../../lib/export.js';
import { pageResponse } from '../../lib/list.js';
import type { UploadedImage } from '../../lib/uploads.js';
import { filesRepository } from '../files/files.repository.js';
import { changePayment, deletePayment, recordPayment } from '../ledger/payments-ledger.js';
import { type PaymentTypes, paymentMappers, paymentsRepository as repo } from './payments.repository.js';

/** What each kind takes: a new payment and a change to one (the contracts' inputs). */
interface PaymentInputs {
  customer: { create: PaymentCreate; update: PaymentUpdateInput };
  supplier: { create: SupplierPaymentCreate; update: SupplierPaymentUpdateInput };
}
type NewPaymentInput = PaymentCreate | SupplierPaymentCreate;
type PaymentChangeInput = PaymentUpdateInput | SupplierPaymentUpdateInput;

/** The 404 of a history whose invoice or party does not exist, per kind. */
const MISSING = {
  customer: { invoice: INVOICE_MESSAGES.notFound, party: PARTY_MESSAGES.customerNotFound },
  supplier: { invoice: SUPPLIER_INVOICE_MESSAGES.notFound, party: PARTY_MESSAGES.supplierNotFound },
};

/** Dollars → cents of an optional amount. */
const centsOf = (dollars: number | undefined) => (dollars === undefined ? undefined : toCents(dollars));

/**
 * The payments screens of either kind: writes go through the ledger (the owning
 * invoice's lock, amountDue, the recompute and the audit entry, in one
 * transaction); reads are the histories with their joins.
 */
export function createPaymentsService<K extends PaymentKind>(ctx: AppContext, k: K) {
  const { db } = ctx;
  type Wire = PaymentTypes[K]['wire'];
  const toWire = paymentMappers[k] as (row: PaymentTypes[K]['row']) => Wire;
  const read = async (tx: Tx, id: number) => toWire((await repo.find(tx, k, id))!);

  return {
    /** Records a payment, with its cheque photo when one came. */
    async insert(input: PaymentInputs[K]['create'], image: UploadedImage | null, user: AuthUser): Promise<Wire> {
      const payment: NewPaymentInput = input;
      return db.transaction(async (tx) => {
        const chequeFileId = image ? await filesRepository.insert(tx, 'cheque', image) : null;
        const id = await recordPayment(
          tx,
          k,
          {
            invoiceId: payment.invoiceID,
            date: payment.date,
            paymentType: payment.paymentType,
            amountPaid: toCents(payment.amountPaid),
            discountRedeemed: 'discountRedeemed' in payment ? toCents(payment.discountRedeemed) : 0,
            awardPointsRedeemed: 'awardPointsRedeemed' in payment ? toCents(payment.awardPointsRedeemed) : 0,
            chequeNo: payment.chequeNo,
            chequeFileId,
          },
          user.id,
        );
        return read(tx, id);
      });
    },

    async update(input: PaymentInputs[K]['update'], user: AuthUser): Promise<Wire> {
      const change: PaymentChangeInput = input;
      return db.transaction(async (tx) => {
        await changePayment(
          tx,
          k,
          change.id,
          {
            date: change.date,
            paymentType: change.paymentType,
            chequeNo: change.chequeNo,
            amountPaid: centsOf(change.amountPaid),
            discountRedeemed: 'discountRedeemed' in change ? centsOf(change.discountRedeemed) : undefined,
          },
          user.id,
        );
        return read(tx, change.id);
      });
    },

    async remove(id: number, user: AuthUser) {
      await db.transaction((tx) => deletePayment(tx, k, id, user.id));
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
    async export(by: 'invoice' | 'party', id: number, filter: HistoryFilter): Promise<CsvFile> {
      if (!(await repo.ownerExists(db, k, by, id))) throw new NotFoundError(MISSING[k][by]);
      const { name, columns, query } = await repo.csv(db, k, by, id, filter);
      return listCsv(ctx, name, query, columns);
    },

    /** The cheque photo of a payment of this kind, by its reference number (undefined when none). */
    async chequeImage(referenceNo: string) {
      const fileId = await repo.chequeFileId(db, k, referenceNo);
      return fileId ? filesRepository.find(db, fileId) : undefined;
    },
  };
}
export type PaymentsService<K extends PaymentKind> = ReturnType<typeof createPaymentsService<K>>;
