import { type AgingFilter, WALK_IN_CUSTOMER } from '@wd/contracts';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { customers, invoices } from '../../db/schema/index.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { BUCKETS, bucketSum, nameSort } from './aging-buckets.repository.js';
import { keptAgingFigures, keptAgingPage, keptFiguresHold, keptSumsServe } from './aging-kept.repository.js';

/**
 * Aging (docs/receivables.md): per customer, the balances of DUE
 * invoices dated up to `asOf`, summed by the invoice's age in days. One
 * grouped statement over the DUE invoices' index (which holds the customer, the balance and the
 * customer's name: no table is read or joined); the page, count and totals are taken from it by
 * the shared list query.
 */
export async function agingPage(db: Tx, filter: AgingFilter, asOf: string, options: { plain?: boolean } = {}) {
  // The kept figures hold (no search, no DUE invoice dated later): the page from the kept sums if
  // they serve its sort, else from the grouping; the count and footer from them either way.
  const kept = !options.plain && (await keptFiguresHold(db, filter, asOf));
  if (kept && keptSumsServe(filter)) return keptAgingPage(db, filter, asOf);
  const inBucket = (from: number, to: number | undefined) => bucketSum(asOf, from, to, invoices.date, invoices.balance);
  // A search picks the customers first (their trigram indexes), then only their open invoices are summed.
  const text = filter.searchQuery?.trim() ?? '';
  const found = text
    ? or(
        inArray(
          invoices.customerId,
          db
            .select({ id: customers.id })
            .from(customers)
            .where(searchCondition(text, [customers.company, customers.name])),
        ),
        WALK_IN_CUSTOMER.toLowerCase().includes(text.toLowerCase()) ? isNull(invoices.customerId) : undefined,
      )
    : undefined;
  const open = and(eq(invoices.status, 'DUE'), lte(invoices.date, asOf), found);
  const sums = {
    openInvoices: sql<string>`count(*)`.as('a_open'),
    days0to30: inBucket(...BUCKETS.days0to30).as('a_0_30'),
    days31to60: inBucket(...BUCKETS.days31to60).as('a_31_60'),
    days61to90: inBucket(...BUCKETS.days61to90).as('a_61_90'),
    over90: inBucket(...BUCKETS.over90).as('a_over_90'),
    total: sql<string>`coalesce(sum(${invoices.balance}), 0)`.as('a_total'),
  };
  const g = db
    .select({
      customerId: sql<number>`coalesce(${invoices.customerId}, 0)`.as('a_customer_id'),
      // The customer's company as every one of its invoices keeps it (customer_sort, kept by triggers
      // on a rename), so no customer is joined: a walk-in's invoices have none.
      name: sql<string>`coalesce(min(${invoices.customerSort}), ${WALK_IN_CUSTOMER})`.as('a_name'),
      oldest: sql<string>`min(${invoices.date})::text`.as('a_oldest'),
      ...sums,
    })
    .from(invoices)
    .where(open)
    .groupBy(sql`1`)
    .as('g');
  /** Every customer with a (matching) open invoice is a row: the row count and the totals come from those invoices in one pass. */
  const aggregate = async () => {
    const [row] = await db
      .select({ customers: sql<string>`count(distinct coalesce(${invoices.customerId}, 0))`, ...sums })
      .from(invoices)
      .where(open);
    const { customers: rows, ...totals } = row;
    const n = (v: unknown) => Number(v ?? 0);
    return {
      totalRows: n(rows),
      totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, n(v)])) as Record<
        keyof typeof sums,
        number
      >,
    };
  };

  const name = sql<string>`${g.name}`;
  const figures = {
    openInvoices: sql<string>`${g.openInvoices}`,
    days0to30: sql<string>`${g.days0to30}`,
    days31to60: sql<string>`${g.days31to60}`,
    days61to90: sql<string>`${g.days61to90}`,
    over90: sql<string>`${g.over90}`,
    total: sql<string>`${g.total}`,
  };
  const columns = {
    customerId: sql<number>`${g.customerId}`,
    customer: name,
    oldest: sql<string>`${g.oldest}`,
    ...figures,
  };
  const byName = nameSort(filter);
  return listPage(filter, {
    from: (fields) => db.select(fields).from(g),
    columns,
    sortable: columns,
    // Who owes the most first; then by name and id so pages are stable. Sorted by name, ties go by
    // id in the same direction (as the kept sums' walk by name reads them).
    order: byName
      ? [byName === 'asc' ? asc(g.customerId) : desc(g.customerId)]
      : [sql`${g.total} desc`, asc(name), asc(g.customerId)],
    totals: figures,
    aggregate: kept ? () => keptAgingFigures(db, asOf) : aggregate,
  });
}
