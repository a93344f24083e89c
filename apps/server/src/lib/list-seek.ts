import { and, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { ListSpec } from './list.js';

// Deep pages found through kept counts (the invoices' day totals, the ledger's id blocks) instead
// of by skipping index entries: listPage's `page` for them, and the running sum that finds where a
// page starts.

/** Pages starting at fewer rows than this skip index entries: as cheap as a seek, or cheaper. */
export const SEEK_FROM = 2000;

/**
 * Where a deep page starts, found through kept counts: a condition that leaves out the rows before
 * some point of the order (a day, a block of ids) and how many of the rows it keeps come before
 * the page. Undefined past the last row.
 */
export type Seek = (offset: number) => Promise<{ from: SQL; skip: number } | undefined>;
type PageHook = NonNullable<ListSpec<SelectedFields, Record<never, SQL>>['page']>;

/**
 * A `page` for listPage that finds a page from `seekFrom` on through `seek` (read as `pageOf`
 * reads it, from that point, skipping only `skip` rows) and a shallower one as `pageOf(base)`.
 * Give listPage no reversedOrder with it: every deep page seeks, and the count runs beside it.
 */
export function seekingPage(
  base: SQL | undefined,
  pageOf: (where: SQL | undefined) => PageHook,
  seek: Seek,
  seekFrom = SEEK_FROM,
): PageHook {
  return async (order, limit, offset) => {
    if (offset < seekFrom) return pageOf(base)(order, limit, offset);
    const start = await seek(offset);
    return start ? pageOf(and(base, start.from))(order, limit, start.skip) : [];
  };
}

/**
 * A SELECT of the first `key` (in its order, descending or not) of the relation `counts` (columns
 * `key` and `n`) whose running sum of `n` passes `past`, with how many come before it (`before`):
 * where the row at offset `past` lies.
 */
export function firstPast(key: string, counts: string, past: SQL, descending: boolean): SQL {
  const [k, way] = [sql.raw(key), sql.raw(descending ? 'desc' : 'asc')];
  return sql`select ${k}, upto - n as before from (
      select ${k}, n, sum(n) over (order by ${k} ${way} rows unbounded preceding) as upto from ${sql.raw(counts)}
    ) w where upto > ${past} order by ${k} ${way} limit 1`;
}
