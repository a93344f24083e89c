import { CUSTOMER_PAYMENT_CSV, SUPPLIER_PAYMENT_CSV, WALK_IN_CUSTOMER } from '@wd/contracts';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../../db/client.js';
import {
  billers,
  customers,
  invoices,
  payments,
  receipts,
  supplierInvoices,
  supplierPayments,
  suppliers,
} from '../../db/schema/index.js';

/**
 * The rows of both kinds of payment (docs/business-rules.md, "Payments"):
 * customer payments (table payments, PAY-…, against invoices) and supplier
 * payments (table distributor_payments, SPAY-…, against supplier invoices).
 * Every function takes the kind; the spec below holds what differs.
 */

const customerColumns = {
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
  receiptNo: sql<string>`coalesce(${receipts.referenceNo}, '')`,
  /** A receipt's share keeps no photo of its own: the receipt's is its cheque. */
  receiptChequeFileId: receipts.chequeFileId,
};

const supplierColumns = {
  id: supplierPayments.id,
  referenceNo: supplierPayments.referenceNo,
  invoiceID: supplierPayments.invoiceId,
  invoiceNo: supplierInvoices.invoiceNo,
  distributor: suppliers.company,
  date: supplierPayments.date,
  paymentType: supplierPayments.paymentType,
  amountPaid: supplierPayments.amountPaid,
  amountDue: supplierPayments.amountDue,
  chequeNo: supplierPayments.chequeNo,
  chequeFileId: supplierPayments.chequeFileId,
  status: supplierPayments.status,
  total: supplierInvoices.amountPurchase,
};

/** The payment type as the history screen names it (PAYMENT_TYPE_LABELS of the web app). */
function paymentTypeLabel(type: AnyColumn): SQL {
  return sql`case ${type} when 'cash' then 'Cash' when 'cheque' then 'Cheque' when 'credit' then 'Credit'
    when 'moneyOrder' then 'Money order' else ${type} end`;
}

/** The history screen's cheque cell: the number, and ", no photo" when no image was stored with it. */
function chequeText(chequeNo: AnyColumn, photo: AnyColumn | SQL): SQL {
  return sql`case when ${chequeNo} <> '' and ${photo} is null then ${chequeNo} || ', no photo' else ${chequeNo} end`;
}

/** A payment with its invoice number, parties and invoice total. */
export const spec = {
  customer: {
    table: payments,
    columns: customerColumns,
    select: (db: Tx, fields: SelectedFields) =>
      db
        .select(fields)
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .innerJoin(billers, eq(billers.id, invoices.billerId))
        .leftJoin(customers, eq(customers.id, invoices.customerId))
        .leftJoin(receipts, eq(receipts.id, payments.receiptId)),
    party: invoices.customerId,
    /** Whether `party` is a column of the payment itself (else of its invoice). */
    partyOnPayment: false,
    /** The payment's own columns a search reads; the invoice number is looked up first (historySpec). */
    searchable: [payments.referenceNo, payments.chequeNo, payments.paymentType],
    sortable: {
      referenceNo: payments.referenceNo,
      date: payments.date,
      invoiceNo: invoices.invoiceNo,
      biller: billers.company,
      customer: customers.company,
      total: invoices.total,
      amountPaid: payments.amountPaid,
      discountRedeemed: payments.discountRedeemed,
      awardPointsRedeemed: payments.awardPointsRedeemed,
      amountDue: payments.amountDue,
      paymentType: payments.paymentType,
      chequeNo: payments.chequeNo,
    },
    totals: { paid: sql`${payments.amountPaid}`, discount: sql`${payments.discountRedeemed}` },
    invoice: {
      table: invoices,
      number: invoices.invoiceNo,
      total: invoices.total,
      balance: invoices.balance,
      party: invoices.customerId,
    },
    /** The tables an export's id names: the invoice, or the party (customer). */
    owners: { invoice: invoices, party: customers },
    exportName: { invoice: 'invoice-payments', party: 'customer-payments' },
    csv: CUSTOMER_PAYMENT_CSV,
    /** The CSV writes the type as the screen names it and the cheque as the screen shows it. */
    csvExtra: {
      paymentType: paymentTypeLabel(payments.paymentType),
      chequeNo: chequeText(payments.chequeNo, sql`coalesce(${payments.chequeFileId}, ${receipts.chequeFileId})`),
    },
  },
  supplier: {
    table: supplierPayments,
    columns: supplierColumns,
    select: (db: Tx, fields: SelectedFields) =>
      db
        .select(fields)
        .from(supplierPayments)
        .innerJoin(supplierInvoices, eq(supplierInvoices.id, supplierPayments.invoiceId))
        .innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId)),
    party: supplierPayments.supplierId,
    partyOnPayment: true,
    searchable: [supplierPayments.referenceNo, supplierPayments.chequeNo],
    sortable: {
      referenceNo: supplierPayments.referenceNo,
      date: supplierPayments.date,
      invoiceNo: supplierInvoices.invoiceNo,
      // Every row of a history has one supplier (one invoice's, or the party's own): sorting by its
      // name or by its id gives the same order, and the id is on the payment (its page reads no join).
      distributor: supplierPayments.supplierId,
      total: supplierInvoices.amountPurchase,
      amountPaid: supplierPayments.amountPaid,
      // No discount on supplier payments: the shared history screen's column sorts as all 0.
      discountRedeemed: sql`0::integer`,
      amountDue: supplierPayments.amountDue,
      paymentType: supplierPayments.paymentType,
      chequeNo: supplierPayments.chequeNo,
    },
    totals: { paid: sql`${supplierPayments.amountPaid}` },
    invoice: {
      table: supplierInvoices,
      number: supplierInvoices.invoiceNo,
      total: supplierInvoices.amountPurchase,
      balance: supplierInvoices.amountDue,
      party: supplierInvoices.supplierId,
    },
    owners: { invoice: supplierInvoices, party: suppliers },
    exportName: { invoice: 'supplier-invoice-payments', party: 'supplier-payments' },
    csv: SUPPLIER_PAYMENT_CSV,
    csvExtra: {
      paymentType: paymentTypeLabel(supplierPayments.paymentType),
      chequeNo: chequeText(supplierPayments.chequeNo, supplierPayments.chequeFileId),
    },
  },
};

export type CustomerPaymentRow = SelectResultFields<typeof customerColumns>;
export type SupplierPaymentRow = SelectResultFields<typeof supplierColumns>;
