import {
  DISTRIBUTOR_INVOICE_MESSAGES,
  type distributorInvoiceInput,
  MESSAGES,
  PARTY_MESSAGES,
  toCents,
  toDollars,
} from '@wd/contracts';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { distributorInvoices, distributorPayments, distributors } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { orderBy, pageResponse, paging, searchCondition } from '../../lib/list.js';
import type { AuthUser } from '../users/users.service.js';
import {
  columns,
  type DistributorInvoiceFilter,
  findDistributorInvoice as find,
  lockDistributorInvoice as lock,
  type Row,
  recomputeDistributorInvoice as recompute,
  sortable,
  toInvoice,
} from './distributor-invoices.repository.js';

type Input = z.output<typeof distributorInvoiceInput>;

export function createDistributorInvoicesService({ db }: AppContext) {
  const assertDistributor = async (tx: Tx, id: number) => {
    const [row] = await tx.select({ id: distributors.id }).from(distributors).where(eq(distributors.id, id));
    if (!row) throw new NotFoundError(PARTY_MESSAGES.distributorNotFound);
  };

  return {
    async get(id: number) {
      const row = await find(db, id);
      if (!row) throw new NotFoundError(DISTRIBUTOR_INVOICE_MESSAGES.notFound);
      return toInvoice(row);
    },

    async list(filter: DistributorInvoiceFilter) {
      const where = and(
        searchCondition(filter.searchQuery, [
          distributorInvoices.invoiceNo,
          distributors.company,
          distributorInvoices.note,
        ]),
        filter.startDate ? gte(distributorInvoices.date, filter.startDate) : undefined,
        filter.endDate ? lte(distributorInvoices.date, filter.endDate) : undefined,
        filter.month ? sql`extract(month from ${distributorInvoices.date}) = ${filter.month}` : undefined,
        filter.year ? sql`extract(year from ${distributorInvoices.date}) = ${filter.year}` : undefined,
        filter.distributor ? eq(distributorInvoices.distributorId, filter.distributor) : undefined,
        filter.status && filter.status !== 'All' ? eq(distributorInvoices.status, filter.status as 'DUE') : undefined,
      );
      const { limit, offset } = paging(filter);
      const [rows, [totals]] = await Promise.all([
        db
          .select(columns)
          .from(distributorInvoices)
          .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId))
          .where(where)
          .orderBy(
            ...orderBy(filter.sortingList, sortable, [desc(distributorInvoices.date), desc(distributorInvoices.id)]),
          )
          .limit(limit)
          .offset(offset),
        db
          .select({
            rows: count(),
            purchase: sql<number>`coalesce(sum(${distributorInvoices.amountPurchase}), 0)`.mapWith(Number),
            paid: sql<number>`coalesce(sum(${distributorInvoices.amountPaid}), 0)`.mapWith(Number),
            due: sql<number>`coalesce(sum(${distributorInvoices.amountDue}), 0)`.mapWith(Number),
          })
          .from(distributorInvoices)
          .innerJoin(distributors, eq(distributors.id, distributorInvoices.distributorId))
          .where(where),
      ]);
      return {
        ...pageResponse('distributorInvoices', (rows as Row[]).map(toInvoice), filter, totals.rows),
        totals: {
          amountPurchase: toDollars(totals.purchase),
          amountPaid: toDollars(totals.paid),
          amountDue: toDollars(totals.due),
        },
      };
    },

    async create(input: Input, user: AuthUser) {
      return db.transaction(async (tx) => {
        await assertDistributor(tx, input.distributorID);
        const [row] = await tx
          .insert(distributorInvoices)
          .values({
            date: input.date,
            distributorId: input.distributorID,
            invoiceNo: input.invoiceNo,
            amountPurchase: toCents(input.amountPurchase),
            amountDue: toCents(input.amountPurchase),
            note: input.note,
          })
          .returning({ id: distributorInvoices.id });
        await recompute(tx, row.id);
        const created = (await find(tx, row.id))!;
        await recordAudit(tx, user.id, 'distributor_invoice', row.id, 'create', null, created);
        return toInvoice(created);
      });
    },

    async update(input: Input & { id: number }, user: AuthUser) {
      return db.transaction(async (tx) => {
        await lock(tx, input.id);
        await assertDistributor(tx, input.distributorID);
        const before = await find(tx, input.id);
        await tx
          .update(distributorInvoices)
          .set({
            date: input.date,
            distributorId: input.distributorID,
            invoiceNo: input.invoiceNo,
            amountPurchase: toCents(input.amountPurchase),
            note: input.note,
          })
          .where(eq(distributorInvoices.id, input.id));
        await recompute(tx, input.id);
        const after = (await find(tx, input.id))!;
        await recordAudit(tx, user.id, 'distributor_invoice', input.id, 'update', before, after);
        return toInvoice(after);
      });
    },

    async remove(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        await lock(tx, id);
        const before = await find(tx, id);
        const pays = await tx.select().from(distributorPayments).where(eq(distributorPayments.invoiceId, id));
        await tx.delete(distributorInvoices).where(eq(distributorInvoices.id, id));
        await recordAudit(tx, user.id, 'distributor_invoice', id, 'delete', { invoice: before, payments: pays }, null);
      });
      return { message: MESSAGES.deleted };
    },
  };
}
