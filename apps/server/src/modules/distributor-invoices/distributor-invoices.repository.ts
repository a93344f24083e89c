import { DISTRIBUTOR_INVOICE_MESSAGES, type DistributorInvoice, settledStatus, toDollars } from '@wd/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributorPayments, distributors } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';

export const columns = {
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
export type Row = Omit<typeof distributorInvoices.$inferSelect, 'distributorId' | 'createdAt' | 'updatedAt'> & {
  distributorID: number;
  distributor: string;
};

export const toInvoice = (r: Row): DistributorInvoice =>
  ({
    ...r,
    amountPurchase: toDollars(r.amountPurchase),
    amountPaid: toDollars(r.amountPaid),
    amountDue: toDollars(r.amountDue),
  }) as DistributorInvoice;

export const sortable = {
  id: distributorInvoices.id,
  date: distributorInvoices.date,
  distributor: distributors.company,
  invoiceNo: distributorInvoices.invoiceNo,
  amountPurchase: distributorInvoices.amountPurchase,
  amountPaid: distributorInvoices.amountPaid,
  amountDue: distributorInvoices.amountDue,
  status: distributorInvoices.status,
};

export interface DistributorInvoiceFilter {
  currentPage: number;
  resultsPerPage: number;
  searchQuery: string;
  sortingList: { column: string; order: 'asc' | 'desc' }[];
  startDate?: string;
  endDate?: string;
  month?: number | '';
  year?: number | '';
  distributor?: number | '';
  status?: string;
}

export async function findDistributorInvoice(tx: Tx, id: number) {
  const [row] = await tx
    .select(columns)
    .from(distributorInvoices)
    .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId))
    .where(eq(distributorInvoices.id, id));
  return row as Row | undefined;
}

/** Locks the supplier invoice row: every change to it or its payments takes this lock first. */
export async function lockDistributorInvoice(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: distributorInvoices.id })
    .from(distributorInvoices)
    .where(eq(distributorInvoices.id, id))
    .for('update');
  if (!row) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.notFound);
}

/** amountPaid = Σ payments; amountDue = purchase − paid; status from it; datePaid from the paying payment. */
export async function recomputeDistributorInvoice(tx: Tx, id: number) {
  const [head] = await tx.select().from(distributorInvoices).where(eq(distributorInvoices.id, id));
  const pays = await tx
    .select()
    .from(distributorPayments)
    .where(eq(distributorPayments.invoiceId, id))
    .orderBy(asc(distributorPayments.date), asc(distributorPayments.id));
  const paid = pays.reduce((s, p) => s + p.amountPaid, 0);
  const due = head.amountPurchase - paid;
  const status = settledStatus(due);
  let datePaid: string | null = null;
  if (status === 'PAID') {
    let running = 0;
    for (const p of pays) {
      running += p.amountPaid;
      if (running >= head.amountPurchase) {
        datePaid = p.date;
        break;
      }
    }
  }
  await tx
    .update(distributorInvoices)
    .set({ amountPaid: paid, amountDue: due, status, datePaid })
    .where(eq(distributorInvoices.id, id));
}
