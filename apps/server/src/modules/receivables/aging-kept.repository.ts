import { type AgingFilter, addDays, WALK_IN_CUSTOMER } from '@wd/contracts';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { listPage } from '../../lib/list.js';
import { BUCKETS, type Bucket, bucketSum, nameSort } from './aging-buckets.repository.js';

// The aging report from the sums kept per customer (docs/receivables.md): which pages they
// serve, and those pages.

/** The sorts the kept sums per customer serve; the others (the oldest descending, over 90 days ascending) group every open invoice. */
const KEPT_SORTS = new Set(['total', 'openInvoices', 'customerId', 'customer']);

/**
 * A sort by one bucket alone that the kept sums serve (keptBucketRows): either way for the three
 * buckets up to 90 days, most owed over 90 days first. Undefined for any other sort.
 */
function bucketSort(filter: AgingFilter): { bucket: Bucket; order: 'asc' | 'desc' } | undefined {
  const sorts = filter.sortingList ?? [];
  if (sorts.length !== 1 || !Object.hasOwn(BUCKETS, sorts[0].column)) return undefined;
  const [{ column, order }] = sorts;
  return column === 'over90' && order === 'asc' ? undefined : { bucket: column as Bucket, order };
}

/** Whether the sort is by the oldest open invoice alone, oldest first (the kept sums serve its first pages). */
const oldestFirst = (filter: AgingFilter) => {
  const sorts = filter.sortingList ?? [];
  return sorts.length === 1 && sorts[0].column === 'oldest' && sorts[0].order === 'asc';
};

/** The largest page the kept sums serve (a screen shows 10 to 100 rows). */
const KEPT_PAGE_MAX = 100;

/**
 * How deep a sort by name is read by walking the customers in name order (each one's kept DUE
 * sums looked up): the first pages in 1 ms; page 600 of 10 would walk 6,000 customers (80 ms),
 * where the grouping takes 25.
 */
export const NAME_WALK_MAX = 1_000;

/**
 * Whether the kept sums serve this page: a screen's page, no search, a sort they hold (or none:
 * most owed first); and the kept figures hold (keptFiguresHold).
 */
export function keptSumsServe(filter: AgingFilter) {
  if (filter.searchQuery?.trim()) return false;
  // A screen's page: each of its customers is bucketed by a lookup of its own, so a whole list
  // (the CSV asks for every customer at once) is summed faster by the one grouping.
  if (filter.resultsPerPage > KEPT_PAGE_MAX) return false;
  const byBucket = bucketSort(filter);
  const firstOwed = oldestFirst(filter);
  if (!byBucket && !firstOwed && !(filter.sortingList ?? []).every((s) => KEPT_SORTS.has(s.column))) return false;
  if ((byBucket || firstOwed) && filter.currentPage * filter.resultsPerPage > NAME_WALK_MAX) return false;
  const sortedByName = (filter.sortingList ?? []).some((s) => s.column === 'customer');
  return !(sortedByName && (!nameSort(filter) || (filter.currentPage - 1) * filter.resultsPerPage > NAME_WALK_MAX));
}

/**
 * Whether the kept figures hold the report as of the date: no search, and no DUE invoice dated
 * after it (then every DUE invoice is counted, as the kept sums count them; a date in the past,
 * or an invoice dated ahead, takes the grouping). Folds the roll-ups first, in the same
 * statement, so the sums hold every write committed before it.
 */
export async function keptFiguresHold(db: Tx, filter: AgingFilter, asOf: string) {
  if (filter.searchQuery?.trim()) return false;
  const [row] = rowsOf<{ later: boolean }>(
    await db.execute(sql`select exists (select 1 from invoices where status = 'DUE' and date > ${asOf}::date) as later
      from (select rollups_fold()) f`),
  );
  return !row.later;
}

/**
 * The report's row count and footer from kept figures (keptFiguresHold): the customers owing
 * (report_due_customer_count) and the DUE balances per day (invoice_day_totals), bucketed by day.
 */
export async function keptAgingFigures(db: Tx, asOf: string) {
  const day = { date: sql.raw('d.date'), balance: sql.raw('d.balance') };
  const daySum = (from: number, to: number | undefined) => bucketSum(asOf, from, to, day.date, day.balance);
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`select
        (select customers from report_due_customer_count) as rows,
        coalesce(sum(d.invoices), 0) as open, ${daySum(...BUCKETS.days0to30)} as d0,
        ${daySum(...BUCKETS.days31to60)} as d31, ${daySum(...BUCKETS.days61to90)} as d61,
        ${daySum(...BUCKETS.over90)} as d91, coalesce(sum(d.balance), 0) as total
      from invoice_day_totals d where d.status = 'DUE' and d.date <= ${asOf}::date`),
  );
  const n = (v: unknown) => Number(v ?? 0);
  return {
    totalRows: n(row.rows),
    totals: {
      openInvoices: n(row.open),
      days0to30: n(row.d0),
      days31to60: n(row.d31),
      days61to90: n(row.d61),
      over90: n(row.d91),
      total: n(row.total),
    },
  };
}

/**
 * The aging page from the sums kept per customer and status (report_customer_totals: each
 * customer's DUE invoices and balance, walk-ins as customer 0) instead of grouping every open
 * invoice (17,876 into 12,345 customers at 200,000 invoices: 25 ms of SQL a call). The page's
 * customers are read in the order of an index of those sums (migration 0061) and only theirs are
 * bucketed, from their own DUE invoices; the row count is kept too (report_due_customer_count),
 * the footer the day totals' (invoice_day_totals, the DUE balances per day). A row shows what its invoices hold at
 * that moment, so its buckets always add up to its total.
 */
export async function keptAgingPage(db: Tx, filter: AgingFilter, asOf: string) {
  const i = { date: sql.raw('i.date'), balance: sql.raw('i.balance') };
  const bucket = (from: number, to: number | undefined) => bucketSum(asOf, from, to, i.date, i.balance);
  /** The kept rows of the customers owing (report_customer_totals, alias t). */
  const owing = sql`t.status = 'DUE' and t.invoices > 0`;
  const kept = sql`(select t.customer_id as a_customer_id, coalesce(c.company, ${WALK_IN_CUSTOMER}) as a_name,
      t.invoices as a_open, t.balance as a_total
    from report_customer_totals t left join customers c on c.id = t.customer_id
    where ${owing}) g`;
  // A customer's DUE invoices: its own by the customer index, the walk-ins' (key 0) without a customer.
  const theirs = sql`lateral (select min(i.date)::text as oldest, count(*) as open,
      ${bucket(...BUCKETS.days0to30)} as d0, ${bucket(...BUCKETS.days31to60)} as d31,
      ${bucket(...BUCKETS.days61to90)} as d61, ${bucket(...BUCKETS.over90)} as d91,
      coalesce(sum(i.balance), 0) as total
    from (select date, balance from invoices where status = 'DUE' and customer_id = g.a_customer_id
          union all
          select date, balance from invoices where status = 'DUE' and customer_id is null and g.a_customer_id = 0) i) b`;
  const g = {
    customerId: sql<number>`"g"."a_customer_id"`,
    name: sql<string>`"g"."a_name"`,
    open: sql<string>`"g"."a_open"`,
    total: sql<string>`"g"."a_total"`,
  };
  const sortable = { customerId: g.customerId, customer: g.name, openInvoices: g.open, total: g.total };
  const figures = {
    openInvoices: sql<string>`b.open`,
    days0to30: sql<string>`b.d0`,
    days31to60: sql<string>`b.d31`,
    days61to90: sql<string>`b.d61`,
    over90: sql<string>`b.d91`,
    total: sql<string>`b.total`,
  };
  const columns = { customerId: g.customerId, customer: g.name, oldest: sql<string>`b.oldest`, ...figures };
  const byName = nameSort(filter);
  // Sorted by name: the customers walked in the order of their (company, id) index, each one's DUE
  // sums looked up (the lateral's OFFSET 0 keeps PostgreSQL from joining them all and sorting),
  // the walk-ins' row merged in by its label.
  const walk = (dir: 'asc' | 'desc') => {
    const way = sql.raw(dir);
    return sql`(select * from (
        (select c.id as a_customer_id, c.company as a_name, t.invoices as a_open, t.balance as a_total
          from customers c cross join lateral (select invoices, balance from report_customer_totals t
            where t.status = 'DUE' and t.customer_id = c.id and t.invoices > 0 offset 0) t
          order by c.company ${way}, c.id ${way})
        union all
        select 0, ${WALK_IN_CUSTOMER}, t.invoices, t.balance from report_customer_totals t
          where t.status = 'DUE' and t.customer_id = 0 and t.invoices > 0) w) g`;
  };
  const byBucket = bucketSort(filter);
  /**
   * Sorted by a bucket, the page's rows, each with its bucket as `a_key`. Few customers owe in a
   * bucket up to 90 days (at 200,000 invoices 300-2,000 of 12,345 owing): those (R) are summed
   * from their invoices of the bucket's days (the DUE invoices' date index); every other
   * customer's bucket is 0, and among themselves they come in the kept sums' order (most owed
   * first, then name and id: the sort's ties), so only the first n = offset + limit of them (W)
   * can be on the page: those owing at least the n-th most (read from the balance index). Over
   * 90 days, a customer's bucket is its kept total less what it owes for the last 90 days: R owes
   * some of that, W none (its bucket is its total, so the kept order is again the sort's order).
   * R and W are ranked by bucket and total alone; only those up to the n-th (and its ties) are
   * named and sorted by name too: naming all of R (2,000 customers for 0-30 days) took half of
   * the statement.
   */
  const bucketPage = (bucket: Bucket, order: 'asc' | 'desc', limit: number, offset: number) => {
    const n = offset + limit;
    const [from, to] = bucket === 'over90' ? [0, 90] : BUCKETS[bucket];
    const r = sql`(select coalesce(customer_id, 0) as cid, sum(balance) as v from invoices
      where status = 'DUE' and date >= ${addDays(asOf, -to)}::date and date <= ${addDays(asOf, -from)}::date group by 1)`;
    const [key, rest] = bucket === 'over90' ? [sql`b.a_total - r.v`, sql`w.a_total`] : [sql`r.v`, sql`0`];
    const bare = sql`(select t.customer_id as a_customer_id, t.invoices as a_open, t.balance as a_total
      from report_customer_totals t where ${owing}) b`;
    const way = sql.raw(order);
    const ahead = sql.raw(order === 'desc' ? '>' : '<');
    // The bucket's customers summed once, for both parts.
    return sql`(with r as materialized ${r},
        w as not materialized (select b.* from ${bare} where b.a_customer_id not in (select cid from r)),
        k as (
          select b.*, ${key} as a_key from ${bare} join r on r.cid = b.a_customer_id
          union all
          select w.*, ${rest} from w where w.a_total >= coalesce(
            (select a_total from w order by a_total desc offset ${n - 1} limit 1), (select min(a_total) from w))
        ),
        e as (select a_key, a_total from k order by a_key ${way}, a_total desc offset ${n - 1} limit 1)
      select k.a_customer_id, k.a_open, k.a_total, k.a_key,
        -- Looked up for each row the rank keeps (a join was planned as a hash of every customer).
        coalesce((select c.company from customers c where c.id = k.a_customer_id), ${WALK_IN_CUSTOMER}) as a_name
      from k
      where not exists (select 1 from e) or k.a_key ${ahead} (select a_key from e)
        or (k.a_key = (select a_key from e) and k.a_total >= (select a_total from e))
      order by k.a_key ${way}, k.a_total desc, a_name, k.a_customer_id limit ${limit} offset ${offset}) g`;
  };
  const byOldest = oldestFirst(filter);
  /**
   * Sorted by the oldest open invoice, oldest first, the customers that can be on a page ending at
   * row n: those owing an invoice dated up to the day by which n customers owe one. The DUE
   * invoices are walked in date order (their (status, date, id) index) until n customers have
   * shown up, at most 20 n of them; if fewer show up, every owing customer is a candidate.
   */
  const oldestCandidates = (n: number) => {
    const walked = sql`select date, coalesce(customer_id, 0) as cid from invoices
      where status = 'DUE' and date <= ${asOf}::date order by date, id limit ${Math.max(20 * n, 200)}`;
    const day = sql`(select d from (select min(w.date) as d from (${walked}) w group by w.cid) f
      order by d offset ${n - 1} limit 1)`;
    return sql`(select distinct coalesce(customer_id, 0) from invoices
      where status = 'DUE' and date <= coalesce(${day}, ${asOf}::date))`;
  };
  const ownColumn: Record<string, SQL> = byBucket
    ? { [byBucket.bucket]: figures[byBucket.bucket] }
    : byOldest
      ? { oldest: columns.oldest }
      : {};
  const fewestFirst = [asc(g.total), desc(g.name), desc(g.customerId)];
  /**
   * Most owed first (or, read from the end, least), a page past the first: its rows are those
   * whose balance lies between the page's first and last balance (read from the balance index
   * alone, skipping `offset` entries), less those of those balances that come before it by name.
   * Sorting every owing customer by balance and name joined each to its name (12 ms at page 618).
   */
  const byBalanceWindow = (order: SQL[], limit: number, offset: number) => {
    const most = order[0] !== fewestFirst[0];
    const way = sql.raw(most ? 'desc' : 'asc');
    return sql`(with p as (select t.balance from report_customer_totals t where ${owing}
          order by t.balance ${way} offset ${offset} limit ${limit}),
        w as (select min(balance) as lo, max(balance) as hi from p)
      select * from ${kept} where g.a_total between (select lo from w) and (select hi from w)
      order by ${sql.join(order, sql`, `)}
      offset ${offset} - (select count(*) from report_customer_totals t where ${owing}
        and ${most ? sql`t.balance > (select hi from w)` : sql`t.balance < (select lo from w)`})
      limit ${limit}) g`;
  };
  const mostOwedFirst = !filter.sortingList?.length;
  return listPage(filter, {
    from: (fields) => db.select(fields).from(sql`${kept} cross join ${theirs}`),
    columns,
    // A bucket's own column, or the oldest date, orders the page's rows once bucketed (the page hook picks them first).
    sortable: { ...sortable, ...ownColumn },
    order: byName
      ? [byName === 'asc' ? asc(g.customerId) : desc(g.customerId)]
      : [desc(g.total), asc(g.name), asc(g.customerId)],
    // A name, bucket or oldest sort is only read from the start (keptSumsServe): no reversed order for it.
    reversedOrder: byName || byBucket || byOldest ? undefined : fewestFirst,
    // The page's customers first, in the index's order; then only theirs bucketed.
    page: async (order, limit, offset) => {
      if (byOldest) {
        // The candidates bucketed, then sorted by their oldest invoice and paged. Their ids are read
        // first: inside the statement the planner guessed thousands of candidates (a dozen in fact),
        // costed each one's bucketing as a whole scan and compiled the statement (JIT): 240 ms.
        const [{ ids }] = rowsOf<{ ids: number[] }>(
          await db.execute(
            sql`select coalesce(json_agg(x), '[]') as ids from ${oldestCandidates(offset + limit)} c(x)`,
          ),
        );
        const candidates = sql`(select * from ${kept} where g.a_customer_id = any(${`{${ids.join(',')}}`}::int[])) g`;
        return db
          .select(columns)
          .from(sql`${candidates} cross join ${theirs}`)
          .orderBy(...order)
          .limit(limit)
          .offset(offset);
      }
      const first = byBucket
        ? bucketPage(byBucket.bucket, byBucket.order, limit, offset)
        : mostOwedFirst && offset > 0
          ? byBalanceWindow(order, limit, offset)
          : sql`(select * from ${byName ? walk(byName) : kept} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}) g`;
      return db
        .select(columns)
        .from(sql`${first} cross join ${theirs}`)
        .orderBy(...order);
    },
    aggregate: () => keptAgingFigures(db, asOf),
  });
}
