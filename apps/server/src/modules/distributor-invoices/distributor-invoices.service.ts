import {
  DISTRIBUTOR_INVOICE_MESSAGES,
  type DistributorInvoiceCreate,
  type DistributorInvoiceFilter,
  type DistributorInvoiceUpdate,
  MESSAGES,
  PARTY_MESSAGES,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { distributorsRepository } from '../distributors/distributors.repository.js';
import { paymentSnapshot } from '../ledger/payments-ledger.js';
import {
  lockSupplierInvoice as lock,
  recomputeSupplierInvoice as recompute,
  supplierInvoicePayments,
} from '../ledger/supplier-amounts.js';
import {
  type DistributorInvoiceRow,
  distributorInvoicesRepository as repo,
  toDistributorInvoice,
} from './distributor-invoices.repository.js';

/** A supplier invoice's audit trail: the invoice as the API answers it. */
const supplierInvoiceTrail = auditTrail('supplier_invoice', toDistributorInvoice);
/** Its deletion keeps its payments too. */
const supplierInvoiceDeletionTrail = auditTrail(
  'supplier_invoice',
  (d: { invoice: DistributorInvoiceRow; payments: Awaited<ReturnType<typeof supplierInvoicePayments>> }) => ({
    invoice: toDistributorInvoice(d.invoice),
    payments: d.payments.map(paymentSnapshot),
  }),
);

/** The stored fields of a supplier invoice from its input (cents). */
const fieldsOf = (input: DistributorInvoiceCreate) => ({
  date: input.date,
  distributorId: input.distributorID,
  invoiceNo: input.invoiceNo,
  amountPurchase: toCents(input.amountPurchase),
  note: input.note,
});

export function createDistributorInvoicesService({ db }: AppContext) {
  const assertDistributor = async (tx: Tx, id: number) => {
    if (!(await distributorsRepository.find(tx, id))) throw new NotFoundError(PARTY_MESSAGES.distributorNotFound);
  };

  return {
    async get(id: number) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.notFound);
      return toDistributorInvoice(row);
    },

    async list(filter: DistributorInvoiceFilter) {
      const { rows, totalRows, totals } = await repo.list(db, filter);
      return {
        ...pageResponse('distributorInvoices', rows.map(toDistributorInvoice), filter, totalRows),
        totals: {
          amountPurchase: toDollars(totals.amountPurchase),
          amountPaid: toDollars(totals.amountPaid),
          amountDue: toDollars(totals.amountDue),
        },
      };
    },

    async create(input: DistributorInvoiceCreate, user: AuthUser) {
      return db.transaction(async (tx) => {
        await assertDistributor(tx, input.distributorID);
        const fields = fieldsOf(input);
        const id = await repo.insert(tx, { ...fields, amountDue: fields.amountPurchase });
        await recompute(tx, id);
        const created = (await repo.find(tx, id))!;
        await supplierInvoiceTrail.create(tx, user.id, id, created);
        return toDistributorInvoice(created);
      });
    },

    async update(input: DistributorInvoiceUpdate, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lock(tx, input.id);
        await assertDistributor(tx, input.distributorID);
        const before = await repo.find(tx, input.id);
        await repo.update(tx, input.id, fieldsOf(input));
        await recompute(tx, input.id);
        const after = (await repo.find(tx, input.id))!;
        await supplierInvoiceTrail.update(tx, user.id, input.id, before!, after);
        return toDistributorInvoice(after);
      });
    },

    /** Deletes the supplier invoice with its payments, keeping a record of both. */
    async delete(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        await lock(tx, id);
        const before = await repo.find(tx, id);
        const payments = await supplierInvoicePayments(tx, id);
        await repo.remove(tx, id);
        await supplierInvoiceDeletionTrail.delete(tx, user.id, id, { invoice: before!, payments });
      });
      return { message: MESSAGES.deleted };
    },
  };
}
