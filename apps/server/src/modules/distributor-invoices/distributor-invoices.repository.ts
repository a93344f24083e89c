import { type DistributorInvoice, type DistributorInvoiceFilter, SUPPLIER_INVOICE_CSV, toDollars } from '@wd/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributors } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { choice, listPage, periodCondition, searchCondition } from '../../lib/list.js';
import { idRows } from '../../lib/table-rows.js';

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
export type DistributorInvoiceRow = NonNullable<Awaited<ReturnType<typeof distributorInvoicesRepository.find>>>;

export function toDistributorInvoice(row: DistributorInvoiceRow): DistributorInvoice {
  return {
    ...row,
    amountPurchase: toDollars(row.amountPurchase),
    amountPaid: toDollars(row.amountPaid),
    amountDue: toDollars(row.amountDue),
  };
}

/** A supplier invoice with its supplier's name. */
function select<F extends SelectedFields>(db: Tx, fields: F) {
  return db
    .select(fields)
    .from(distributorInvoices)
    .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId));
}

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

/** The list footer: sums over every matching supplier invoice, in cents. */
const listTotals = {
  amountPurchase: sql`${distributorInvoices.amountPurchase}`,
  amountPaid: sql`${distributorInvoices.amountPaid}`,
  amountDue: sql`${distributorInvoices.amountDue}`,
};

/** The list's joins, filter and order: the page and the export share them. */
function listSpec(db: Tx, filter: DistributorInvoiceFilter) {
  return {
    from: (fields: SelectedFields) => select(db, fields),
    columns,
    where: and(
      searchCondition(filter.searchQuery, [
        distributorInvoices.invoiceNo,
        distributors.company,
        distributorInvoices.note,
      ]),
      periodCondition(distributorInvoices.date, filter),
      filter.distributor ? eq(distributorInvoices.distributorId, filter.distributor) : undefined,
      choice(distributorInvoices.status, filter.status),
    ),
    sortable,
    order: [desc(distributorInvoices.date), desc(distributorInvoices.id)],
  };
}

export const distributorInvoicesRepository = {
  ...idRows(distributorInvoices),
  list(db: Tx, filter: DistributorInvoiceFilter) {
    return listPage(filter, { ...listSpec(db, filter), totals: listTotals });
  },

  /** Every supplier invoice the list's filter matches as CSV, in the list's order. */
  /** Export CSV's statement: every row of the list's filter, in its order. */
  csvQuery(db: Tx, filter: DistributorInvoiceFilter) {
    return exportQuery(listSpec(db, filter), filter.sortingList, SUPPLIER_INVOICE_CSV);
  },

  async find(db: Tx, id: number) {
    const [row] = await select(db, columns).where(eq(distributorInvoices.id, id));
    return row;
  },
};
