import { type AnyColumn, and, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';

// The lists' search (lib/list.ts pages what it finds): "contains" over text columns, through
// trigram indexes, LIKE wildcards in the text taken as they are.

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains" over the list's text columns; undefined when the query is blank.
 * `joined`, when the table keeps one, is a generated column holding `columns` one per line in
 * lower case: the search then reads it alone, through its one trigram index, where six columns'
 * indexes were priced above reading every row (a whole company name among 6,667 customers: every
 * row tested six times). The same rows: a text without a line break can not match across two
 * lines, and `lower(x) LIKE lower(pattern)` is what ILIKE does in a UTF-8 database, which lowered
 * the whole joined text of every row it read (PostgreSQL: 1.7 → 5.5 ms over 5,808 expenses kept
 * as they were typed, none of it when kept lowered).
 */
export function searchCondition(
  query: string | undefined,
  columns: (AnyColumn | SQL)[],
  joined?: AnyColumn,
): SQL | undefined {
  const text = query?.trim();
  if (!text || columns.length === 0) return undefined;
  const pattern = likePattern(text);
  if (joined && !text.includes('\n')) return sql`${joined} like lower(${pattern})`;
  return or(...columns.map((c) => ilike(sql`(${c})::text`, pattern)));
}

/**
 * searchCondition over a table's own columns and its parent's (a supplier invoice's supplier, an
 * expense's biller), without a join: the matching parents are read first (a small table), then
 * the condition is the own columns' search or `<foreign key> in (<their ids>)`. Each part can use
 * its own index (a trigram index on the table's columns, the foreign key's btree) and the count
 * needs no join. Read first, not as a subquery: with the ids known, PostgreSQL estimates each
 * part by its statistics (no parent matches: the trigram indexes alone), where `= any(array(
 * <subquery>))` was guessed at 90 % of the rows and walked the whole table. The same rows as
 * the search over the joined columns wherever every row has its parent (a NOT NULL foreign key).
 * `ownJoined`: the own columns joined in one column, as searchCondition's `joined`.
 */
export async function searchWithParent(
  db: Tx,
  query: string | undefined,
  own: AnyColumn[],
  parent: { table: PgTable; id: AnyPgColumn; key: AnyColumn; columns: AnyColumn[] },
  ownJoined?: AnyColumn,
): Promise<ParentSearch | undefined> {
  const text = query?.trim();
  if (!text) return undefined;
  const found = await db.select({ id: parent.id }).from(parent.table).where(searchCondition(text, parent.columns));
  const ids = found.map((r) => r.id as number);
  const ownMatch = searchCondition(text, own, ownJoined) as SQL;
  if (ids.length === 0) return { where: ownMatch };
  const ofParents = inArray(parent.key, ids);
  return { where: or(ownMatch, ofParents) as SQL, parts: [ofParents, and(not(ofParents), ownMatch) as SQL] };
}

/** What searchWithParent keeps. */
export interface ParentSearch {
  /** The rows: their own columns match, or their parent does. */
  where: SQL;
  /**
   * When a parent matched, the same rows in two disjoint parts: the matching parents' rows, and
   * the others whose own columns match. A count over the OR of the two is planned as a scan of
   * the table (PostgreSQL prices ILIKE as cheaply as comparing two numbers: a supplier's 8,000
   * invoices counted in 24 ms, each part through its index in 3); ListSpec.countParts.
   */
  parts?: [SQL, SQL];
}
