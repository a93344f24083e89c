import {
  formatMoney,
  MESSAGES,
  PARTY_MESSAGES,
  SUPPLIER_INVOICE_MESSAGES,
  type SupplierInvoiceCreate,
  type SupplierInvoiceFilter,
  type SupplierInvoiceUpdate,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { paymentSnapshot } from '../ledger/payments-ledger.js';
import {
  lockSupplierInvoice as lock,
  recomputeSupplierInvoice as recompute,
  supplierInvoicePayments,
} from '../ledger/supplier-amounts.js';
import { stockRepository } from '../stock/stock.repository.js';
import { suppliersRepository } from '../suppliers/suppliers.repository.js';
import {
  supplierInvoicesRepository as repo,
  type SupplierInvoiceRow,
  toSupplierInvoice,
} from './supplier-invoices.repository.js';

/** A supplier invoice's audit trail: the invoice as the API answers it. */
const supplierInvoiceTrail = auditTrail('supplier_invoice', toSupplierInvoice);
/** Its deletion keeps its payments too. */
const supplierInvoiceDeletionTrail = auditTrail(
  'supplier_invoice',
  (d: { invoice: SupplierInvoiceRow; payments: Awaited<ReturnType<typeof supplierInvoicePayments>> }) => ({
    invoice: toSupplierInvoice(d.invoice),
    payments: d.payments.map(paymentSnapshot),
  }),
);

/** The stored fields of a supplier invoice from its input (cents). */
const fieldsOf = (input: SupplierInvoiceCreate) => ({
  date: input.date,
  supplierId: input.distributorID,
  invoiceNo: input.invoiceNo,
  amountPurchase: toCents(input.amountPurchase),
  note: input.note,
});

/**
 * The lines in cents, checked: each product exists and is listed once, and the amount purchase
 * equals their total (the form shows it; a different figure is a typing error, not a choice).
 */
async function checkedLines(tx: Tx, input: SupplierInvoiceCreate) {
  if (!input.lines) return undefined;
  const lines = input.lines.map((l) => ({ productId: l.productID, quantity: l.quantity, cost: toCents(l.cost) }));
  const found = new Map(
    (await stockRepository.products(tx, [...new Set(lines.map((l) => l.productId))])).map((p) => [p.id, p]),
  );
  const seen = new Set<number>();
  for (const line of lines) {
    const product = found.get(line.productId);
    if (!product) throw new NotFoundError(SUPPLIER_INVOICE_MESSAGES.productNotFound(line.productId));
    if (seen.has(line.productId))
      throw new ValidationError(SUPPLIER_INVOICE_MESSAGES.productTwice(product.name), 'lines');
    seen.add(line.productId);
  }
  const total = lines.reduce((sum, l) => sum + l.quantity * l.cost, 0);
  if (lines.length > 0 && total !== toCents(input.amountPurchase)) {
    throw new ValidationError(
      SUPPLIER_INVOICE_MESSAGES.amountNotLines(formatMoney(toDollars(total))),
      'amountPurchase',
    );
  }
  return lines;
}

export function createSupplierInvoicesService({ db }: AppContext) {
  const assertSupplier = async (tx: Tx, id: number) => {
    if (!(await suppliersRepository.find(tx, id))) throw new NotFoundError(PARTY_MESSAGES.supplierNotFound);
  };
  /** The invoice as the record calls answer it: with what it received. */
  const withLines = async (tx: Tx, row: SupplierInvoiceRow) => ({
    distributorInvoice: toSupplierInvoice(row),
    lines: await repo.lines(tx, row.id),
  });

  return {
    async get(id: number) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFoundError(SUPPLIER_INVOICE_MESSAGES.notFound);
      return withLines(db, row);
    },

    async list(filter: SupplierInvoiceFilter) {
      const { rows, totalRows, totals } = await repo.list(db, filter);
      return {
        ...pageResponse('distributorInvoices', rows.map(toSupplierInvoice), filter, totalRows),
        totals: {
          amountPurchase: toDollars(totals.amountPurchase),
          amountPaid: toDollars(totals.amountPaid),
          amountDue: toDollars(totals.amountDue),
        },
      };
    },

    async create(input: SupplierInvoiceCreate, user: AuthUser) {
      return db.transaction(async (tx) => {
        await assertSupplier(tx, input.distributorID);
        const lines = await checkedLines(tx, input);
        const fields = fieldsOf(input);
        const id = await repo.insert(tx, { ...fields, amountDue: fields.amountPurchase });
        // Receiving: the lines' trigger moves them into the warehouse.
        if (lines) await repo.setLines(tx, id, lines);
        await recompute(tx, id);
        const created = (await repo.find(tx, id))!;
        await supplierInvoiceTrail.create(tx, user.id, id, created);
        return withLines(tx, created);
      });
    },

    async update(input: SupplierInvoiceUpdate, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lock(tx, input.id);
        await assertSupplier(tx, input.distributorID);
        const lines = await checkedLines(tx, input);
        const before = await repo.find(tx, input.id);
        // Lines left out stay; with lines kept, the amount is still theirs.
        if (!lines) {
          const kept = await repo.lines(tx, input.id);
          if (kept.length > 0) await checkedLines(tx, { ...input, lines: kept });
        }
        await repo.update(tx, input.id, fieldsOf(input));
        if (lines) await repo.setLines(tx, input.id, lines);
        await recompute(tx, input.id);
        const after = (await repo.find(tx, input.id))!;
        await supplierInvoiceTrail.update(tx, user.id, input.id, before!, after);
        return withLines(tx, after);
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
