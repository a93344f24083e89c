import {
  SUPPLIER_INVOICE_CSV,
  type SupplierInvoice,
  type SupplierInvoiceFilter,
  type SupplierInvoiceLine,
  toDollars,
} from '@wd/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { netRows, splitPeriodNet } from '../../db/periods.js';
import { pendingRows } from '../../db/rollups.js';
import { products, supplierInvoiceLines, supplierInvoices, suppliers } from '../../db/schema/index.js';
import { exportQuery } from '../../lib/export.js';
import { choice, listPage, pageByIds, periodCondition } from '../../lib/list.js';
import { searchWithParent } from '../../lib/list-search.js';
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
  // The supplier's company as the invoice keeps it (migration 0063): sorted from an index, no join.
  distributor: supplierInvoices.supplierSort,
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
async function listSpec(db: Tx, filter: SupplierInvoiceFilter) {
  const ascending = filter.sortingList?.[0]?.order === 'asc';
  const search = await searchWithParent(db, filter.searchQuery, [supplierInvoices.invoiceNo, supplierInvoices.note], {
    table: suppliers,
    id: suppliers.id,
    key: supplierInvoices.supplierId,
    columns: [suppliers.company],
  });
  const rest = [
    periodCondition(supplierInvoices.date, filter),
    filter.distributor ? eq(supplierInvoices.supplierId, filter.distributor) : undefined,
    choice(supplierInvoices.status, filter.status),
  ];
  return {
    searched: search !== undefined,
    from: (fields: SelectedFields) => select(db, fields),
    // The filter names only the invoice's own columns, and every invoice has its supplier.
    countFrom: (fields: SelectedFields) => db.select(fields).from(supplierInvoices),
    columns,
    where: and(search?.where, ...rest),
    countParts: search?.parts?.map((part) => and(part, ...rest) as SQL),
    sortable,
    // Newest first; under a sort, ties by date and id in the sort's direction, so one index of
    // (column, date, id) per sortable column gives the page either way.
    order: ascending
      ? [asc(supplierInvoices.date), asc(supplierInvoices.id)]
      : [desc(supplierInvoices.date), desc(supplierInvoices.id)],
    // A page nearer the end is read from there (the count is cheap: no join).
    reversedOrder: ascending
      ? [desc(supplierInvoices.date), desc(supplierInvoices.id)]
      : [asc(supplierInvoices.date), asc(supplierInvoices.id)],
  };
}

/**
 * The footer without a search, from the totals kept per month, supplier and status (migration
 * 0073) and their deltas not folded yet, read in one statement (its one snapshot holds every
 * write committed before it, folded or not), with the days of a month the period cuts added or
 * taken off from the invoices (splitPeriodNet): a few hundred rows instead of every invoice.
 */
async function keptFooter(db: Tx, filter: SupplierInvoiceFilter) {
  const split = splitPeriodNet(filter);
  const ofFilter = (prefix: string) =>
    and(
      filter.distributor ? sql`${sql.raw(prefix)}distributor_id = ${filter.distributor}` : undefined,
      filter.status && filter.status !== 'All' ? sql`${sql.raw(prefix)}status = ${filter.status}` : undefined,
    );
  const kept = and(split.months, ofFilter(''));
  const columns = sql`invoices, purchase, paid, due`;
  const rows = netRows(
    split,
    (days, sign) => sql`select ${sign}, ${sign} * i.amount_purchase, ${sign} * i.amount_paid, ${sign} * i.amount_due
      from distributor_invoices i where ${and(days, ofFilter('i.'))}`,
  );
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`select coalesce(sum(u.invoices), 0) as rows, coalesce(sum(u.purchase), 0) as purchase,
        coalesce(sum(u.paid), 0) as paid, coalesce(sum(u.due), 0) as due
      from (select ${columns} from supplier_invoice_month_totals where ${kept ?? sql`true`}
        union all ${pendingRows('supplier_invoice_month_total_deltas', columns, kept)}
        union all ${rows}) u(invoices, purchase, paid, due)`),
  );
  return {
    totalRows: Number(row.rows),
    totals: { amountPurchase: Number(row.purchase), amountPaid: Number(row.paid), amountDue: Number(row.due) },
  };
}

export const supplierInvoicesRepository = {
  ...idRows(supplierInvoices),
  async list(db: Tx, filter: SupplierInvoiceFilter) {
    const { searched, ...spec } = await listSpec(db, filter);
    // Every sort is on the invoice's own columns: the page's ids come from the invoices alone
    // (through the sort's index), then only those are joined.
    return listPage(filter, {
      ...spec,
      totals: listTotals,
      aggregate: searched ? undefined : () => keptFooter(db, filter),
      page: pageByIds(db, supplierInvoices, supplierInvoices.id, spec.where, (w) => select(db, columns).where(w)),
    });
  },

  /** Export CSV's statement: every row of the list's filter, in its order. */
  async csvQuery(db: Tx, filter: SupplierInvoiceFilter) {
    const { searched: _, ...spec } = await listSpec(db, filter);
    return exportQuery(spec, filter.sortingList, SUPPLIER_INVOICE_CSV);
  },

  async find(db: Tx, id: number) {
    const [row] = await select(db, columns).where(eq(supplierInvoices.id, id));
    return row;
  },

  /** What an invoice received, in the order entered (dollars). */
  async lines(db: Tx, invoiceId: number): Promise<SupplierInvoiceLine[]> {
    const rows = await db
      .select({
        id: supplierInvoiceLines.id,
        productID: supplierInvoiceLines.productId,
        product: products.name,
        barcode: products.barcode,
        quantity: supplierInvoiceLines.quantity,
        cost: supplierInvoiceLines.cost,
        subtotal: supplierInvoiceLines.subtotal,
      })
      .from(supplierInvoiceLines)
      .innerJoin(products, eq(products.id, supplierInvoiceLines.productId))
      .where(eq(supplierInvoiceLines.invoiceId, invoiceId))
      .orderBy(asc(supplierInvoiceLines.position));
    return rows.map(({ id: _, ...r }) => ({ ...r, cost: toDollars(r.cost), subtotal: toDollars(r.subtotal) }));
  },

  /**
   * Makes the invoice's lines these (cents): a product's line is changed in place, added or
   * removed, so the stock trigger writes only what changed.
   */
  async setLines(db: Tx, invoiceId: number, lines: { productId: number; quantity: number; cost: number }[]) {
    const stored = await db.select().from(supplierInvoiceLines).where(eq(supplierInvoiceLines.invoiceId, invoiceId));
    const wanted = new Map(lines.map((l, position) => [l.productId, { ...l, position }]));
    const gone = stored.filter((l) => !wanted.has(l.productId)).map((l) => l.id);
    if (gone.length > 0) await db.delete(supplierInvoiceLines).where(inArray(supplierInvoiceLines.id, gone));
    const byProduct = new Map(stored.map((l) => [l.productId, l]));
    const added = [];
    for (const line of wanted.values()) {
      const subtotal = line.quantity * line.cost;
      const old = byProduct.get(line.productId);
      if (!old) {
        added.push({
          invoiceId,
          productId: line.productId,
          position: line.position,
          quantity: line.quantity,
          cost: line.cost,
          subtotal,
        });
      } else if (old.quantity !== line.quantity || old.cost !== line.cost || old.position !== line.position) {
        await db
          .update(supplierInvoiceLines)
          .set({ quantity: line.quantity, cost: line.cost, subtotal, position: line.position, updatedAt: sql`now()` })
          .where(eq(supplierInvoiceLines.id, old.id));
      }
    }
    if (added.length > 0) await db.insert(supplierInvoiceLines).values(added);
  },
};
