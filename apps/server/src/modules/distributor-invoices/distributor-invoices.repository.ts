import { type DistributorInvoice, type DistributorInvoiceFilter, toDollars } from '@wd/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributors } from '../../db/schema/index.js';
import type { AppContext } from '../../lib/context.js';
import { type ExportColumn, sendCsvExport } from '../../lib/export.js';
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

/** Export CSV: the list's columns under its headings, in its order, then the date paid and the note. */
const exportColumns: ExportColumn[] = [
  ['date', 'Date'],
  ['distributor', 'Supplier'],
  ['invoiceNo', 'Invoice No'],
  ['status', 'Status'],
  ['amountPurchase', 'Purchase', 'money'],
  ['amountPaid', 'Paid', 'money'],
  ['amountDue', 'Due', 'money'],
  ['datePaid', 'Date Paid'],
  ['note', 'Note'],
];

export const distributorInvoicesRepository = {
  ...idRows(distributorInvoices),
  list(db: Tx, filter: DistributorInvoiceFilter) {
    return listPage(filter, { ...listSpec(db, filter), totals: listTotals });
  },

  /** Every supplier invoice the list's filter matches as CSV, in the list's order. */
  export(ctx: AppContext, reply: FastifyReply, filter: DistributorInvoiceFilter) {
    return sendCsvExport(ctx, reply, 'supplier-invoices', listSpec(ctx.db, filter), filter.sortingList, exportColumns);
  },

  async find(db: Tx, id: number) {
    const [row] = await select(db, columns).where(eq(distributorInvoices.id, id));
    return row;
  },
};
