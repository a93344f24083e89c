import { SUPPLIER_INVOICE_CSV, type SupplierInvoice, type SupplierInvoiceFilter, toDollars } from '@wd/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { supplierInvoices, suppliers } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { choice, listPage, periodCondition, searchCondition } from '../../lib/list.js';
import { idRows } from '../../lib/table-rows.js';

const columns = {
  id: supplierInvoices.id,
  date: supplierInvoices.date,
  datePaid: supplierInvoices.datePaid,
  distributorID: supplierInvoices.supplierId,
  distributor: suppliers.company,
  invoiceNo: supplierInvoices.invoiceNo,
  amountPurchase: supplierInvoices.amountPurchase,
  amountPaid: supplierInvoices.amountPaid,
  amountDue: supplierInvoices.amountDue,
  note: supplierInvoices.note,
  status: supplierInvoices.status,
};
export type SupplierInvoiceRow = NonNullable<Awaited<ReturnType<typeof supplierInvoicesRepository.find>>>;

export function toSupplierInvoice(row: SupplierInvoiceRow): SupplierInvoice {
  return {
    ...row,
    amountPurchase: toDollars(row.amountPurchase),
    amountPaid: toDollars(row.amountPaid),
    amountDue: toDollars(row.amountDue),
  };
}

/** A supplier invoice with its supplier's name. */
function select<F extends SelectedFields>(db: Tx, fields: F) {
  return db.select(fields).from(supplierInvoices).innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId));
}

const sortable = {
  id: supplierInvoices.id,
  date: supplierInvoices.date,
  distributor: suppliers.company,
  invoiceNo: supplierInvoices.invoiceNo,
  amountPurchase: supplierInvoices.amountPurchase,
  amountPaid: supplierInvoices.amountPaid,
  amountDue: supplierInvoices.amountDue,
  status: supplierInvoices.status,
};

/** The list footer: sums over every matching supplier invoice, in cents. */
const listTotals = {
  amountPurchase: sql`${supplierInvoices.amountPurchase}`,
  amountPaid: sql`${supplierInvoices.amountPaid}`,
  amountDue: sql`${supplierInvoices.amountDue}`,
};

/** The list's joins, filter and order: the page and the export share them. */
function listSpec(db: Tx, filter: SupplierInvoiceFilter) {
  return {
    from: (fields: SelectedFields) => select(db, fields),
    columns,
    where: and(
      searchCondition(filter.searchQuery, [supplierInvoices.invoiceNo, suppliers.company, supplierInvoices.note]),
      periodCondition(supplierInvoices.date, filter),
      filter.distributor ? eq(supplierInvoices.supplierId, filter.distributor) : undefined,
      choice(supplierInvoices.status, filter.status),
    ),
    sortable,
    order: [desc(supplierInvoices.date), desc(supplierInvoices.id)],
  };
}

export const supplierInvoicesRepository = {
  ...idRows(supplierInvoices),
  list(db: Tx, filter: SupplierInvoiceFilter) {
    return listPage(filter, { ...listSpec(db, filter), totals: listTotals });
  },

  /** Export CSV's statement: every row of the list's filter, in its order. */
  csvQuery(db: Tx, filter: SupplierInvoiceFilter) {
    return exportQuery(listSpec(db, filter), filter.sortingList, SUPPLIER_INVOICE_CSV);
  },

  async find(db: Tx, id: number) {
    const [row] = await select(db, columns).where(eq(supplierInvoices.id, id));
    return row;
  },
};
