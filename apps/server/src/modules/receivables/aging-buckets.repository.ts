import { type AgingFilter, addDays } from '@wd/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

// The aging report's buckets and the order by name, shared by its two readers: the grouping of
// every open invoice (aging.repository.ts) and the kept sums per customer (aging-kept.repository.ts).

/** The buckets as day ranges since the invoice date: [from, to] inclusive, `to` undefined = no end. */
export const BUCKETS = {
  days0to30: [0, 30],
  days31to60: [31, 60],
  days61to90: [61, 90],
  over90: [91, undefined],
} as const;

/**
 * `sum(balance)` of the rows `from`..`to` days old on `asOf` (`to` undefined: no end). The invoice
 * is that old when its date lies in [asOf - to, asOf - from]: the bounds are dates worked out
 * here, so each row is compared with constants, not date arithmetic.
 */
export function bucketSum(
  asOf: string,
  from: number,
  to: number | undefined,
  date: SQL | AnyColumn,
  balance: SQL | AnyColumn,
) {
  const newest = sql`${date} <= ${addDays(asOf, -from)}::date`;
  const oldest = to === undefined ? sql`true` : sql`${date} >= ${addDays(asOf, -to)}::date`;
  return sql<string>`coalesce(sum(${balance}) filter (where ${newest} and ${oldest}), 0)`;
}

export type Bucket = keyof typeof BUCKETS;

/** The direction of a sort by the customer's name alone, if that is the sort. */
export function nameSort(filter: AgingFilter): 'asc' | 'desc' | undefined {
  const sorts = filter.sortingList ?? [];
  return sorts.length === 1 && sorts[0].column === 'customer' ? sorts[0].order : undefined;
}
