import { type AuditFilter, addDays } from '@wd/contracts';
import { and, desc, eq, gte, ilike, inArray, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { listPage, orderBy } from '../../lib/list.js';
import { likePattern } from '../../lib/list-search.js';
import {
  fromDay,
  keyCondition,
  type SearchKeys,
  type SeekOrder,
  type SeekValue,
  seekOrder,
  seekStart,
} from './audit-seek.repository.js';

// The audit trail (docs/audit.md): a page of audit_log, newest first, by the
// (created_at) index; filters by user, entity (and record), action and date;
// the search matches the entity, the user or any value before or after (not the keys). Without
// a search or a record, the page and the count come from the day counts (audit-seek.repository.ts).

/**
 * The entity (and record) filter. An invoice's history also holds its lines' and payments'
 * entries (their own entities, with the invoice's id among their values: audit_log_invoice_idx).
 */
function recordCondition({ entity, entityId }: AuditFilter): SQL | undefined {
  if (!entity) return entityId ? eq(auditLog.entityId, entityId) : undefined;
  const own = and(eq(auditLog.entity, entity), entityId ? eq(auditLog.entityId, entityId) : undefined);
  if (entity !== 'invoice' || !entityId) return own;
  const parts = sql`(${auditLog.entity} in ('invoice_item', 'payment')
    and ((coalesce(${auditLog.after}, ${auditLog.before}) ->> 'invoiceID')::int) = ${entityId})`;
  return or(own, parts);
}

/**
 * What a search matches besides the values: the users whose name holds the text and the kinds of
 * record whose name does, read first (a few rows each), so that the trail's condition names them
 * (`user_id in (…) or entity in (…)`: their indexes and their day counts serve it).
 */
export interface SearchMatch extends SearchKeys {
  /** The text searched, trimmed, and its pattern (ILIKE). */
  text: string;
  pattern: string;
  /** The kinds of record in the trail that the text does not name. */
  otherEntities: string[];
}

/** The search's users and kinds of record; undefined for a blank search. */
async function searchMatch(db: Tx, query: string): Promise<SearchMatch | undefined> {
  const text = query.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  const [found, kinds] = await Promise.all([
    db.select({ id: users.id }).from(users).where(ilike(users.username, pattern)),
    distinctEntities(db, pattern),
  ]);
  return {
    text,
    pattern,
    userIds: found.map((u) => u.id),
    entities: kinds.filter((k) => k.named).map((k) => k.entity),
    otherEntities: kinds.filter((k) => !k.named).map((k) => k.entity),
  };
}

/**
 * Entries whose values hold the text. A text of one or two characters has no trigram: the index
 * would hand over every entry to be read again (PostgreSQL still planned it, guessing a few
 * hundred: 9 s at 2.6 million entries), so the column is then read as an expression the index
 * does not hold, entry by entry (a parallel scan, as every search was before the index).
 */
function valuesCondition(match: SearchMatch): SQL {
  return match.text.length < 3
    ? sql`(${auditLog.searchText} || '') ilike ${match.pattern}`
    : ilike(auditLog.searchText, match.pattern);
}

/** Entries of the search's users or kinds of record; undefined when it names none. */
function namedCondition(match: SearchMatch): SQL | undefined {
  return or(
    match.userIds.length ? inArray(auditLog.userId, match.userIds) : undefined,
    match.entities.length ? inArray(auditLog.entity, match.entities) : undefined,
  );
}

/** The trail's columns, FROM, conditions and orders, as the plain page and the seek both read them. */
function auditSpec(db: Tx, filter: AuditFilter, match?: SearchMatch) {
  const user = sql<string>`coalesce(${users.username}, '')`;
  const search: SQL | undefined = match ? or(namedCondition(match), valuesCondition(match)) : undefined;
  const columns = {
    id: auditLog.id,
    createdAt: auditLog.createdAt,
    user,
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    action: auditLog.action,
    before: auditLog.before,
    after: auditLog.after,
  };
  return {
    /** The page's rows, typed. */
    entries: () => db.select(columns).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)),
    from: (fields: SelectedFields) => db.select(fields).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)),
    columns,
    where: and(unsearched(filter), search),
    /** The filter without its search. */
    unsearched: unsearched(filter),
    sortable: { createdAt: auditLog.createdAt, user, entity: auditLog.entity, action: auditLog.action },
    order: [desc(auditLog.createdAt), desc(auditLog.id)],
  };
}

/** The filter's conditions but the search. */
function unsearched(filter: AuditFilter): SQL | undefined {
  return and(
    filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
    recordCondition(filter),
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    // Whole days of the timestamps, [start, end + 1 day).
    filter.startDate ? gte(auditLog.createdAt, new Date(`${filter.startDate}T00:00:00Z`)) : undefined,
    filter.endDate ? lt(auditLog.createdAt, new Date(`${addDays(filter.endDate, 1)}T00:00:00Z`)) : undefined,
  );
}

type AuditRows = Awaited<ReturnType<typeof plainPage>>['rows'];

/** The page by the plain definition: one record's history (few entries), or a sort by several columns. */
function plainPage(db: Tx, filter: AuditFilter) {
  return listPage(filter, auditSpec(db, filter));
}

/**
 * A searched page. Its entries are those of the users and kinds of record the text names, and
 * those whose values hold it (the trigram index of migration 0079). The first part is counted
 * from the day counts (the kinds of record and users are kept there), the second through the
 * index, left out where the first counts it; a record's history is counted as it is read.
 */
async function searchedPage(db: Tx, filter: AuditFilter, match: SearchMatch) {
  const spec = auditSpec(db, filter, match);
  const named = namedCondition(match);
  if (!named || filter.entityId) return listPage(filter, spec);
  // The entries of neither, said as the kinds of record that are not named (not as NOT IN): the
  // kinds' index then narrows the trigram index's candidates before any entry is read. "inv"
  // names the invoices and their lines; their 220,000 values that hold it were each read to be
  // left out (1.4 s), where the payments' index and the trigrams' together read none (27 ms).
  const others = and(
    match.entities.length ? inArray(auditLog.entity, match.otherEntities) : undefined,
    match.userIds.length ? or(isNull(auditLog.userId), notInArray(auditLog.userId, match.userIds)) : undefined,
  );
  const aggregate = async () => {
    const [kept, values] = await Promise.all([
      seekStart(db, filter, { keyDescending: false, timeDescending: true }, 0, match),
      // Every kind named: no entry is of neither.
      match.entities.length && !match.otherEntities.length
        ? [{ n: 0 }]
        : db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(auditLog)
            .where(and(spec.unsearched, valuesCondition(match), others)),
    ]);
    return { totalRows: kept.total + values[0].n, totals: {} };
  };
  return listPage(filter, { ...spec, aggregate });
}

/**
 * The page found through the day counts (audit-seek.repository.ts): the count is theirs, and the page is read
 * from the day its first entry lies on, under the key value it lies in; a page that runs past
 * the last entry of that value goes on with the next values, from their first entry.
 */
async function seekPage(db: Tx, filter: AuditFilter, seek: SeekOrder): Promise<{ rows: AuditRows; totalRows: number }> {
  const spec = auditSpec(db, filter);
  const offset = (filter.currentPage - 1) * filter.resultsPerPage;
  const read = (where: SQL | undefined, order: SQL[], limit: number, skip: number) =>
    spec
      .entries()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(skip);
  if (!seek.key && offset === 0) {
    // The first page in time order needs no seek: it is read beside the count, as listPage does.
    const order = orderBy(filter.sortingList, spec.sortable, spec.order);
    const [start, rows] = await Promise.all([
      seekStart(db, filter, seek, 0),
      read(spec.where, order, filter.resultsPerPage, 0),
    ]);
    return { rows, totalRows: start.total };
  }
  const start = await seekStart(db, filter, seek, offset);
  if (start.day === undefined) return { rows: [], totalRows: start.total };
  // Within one value of the key the key's part of the order is the same for every entry: the
  // entries are read in time order alone, which the (key, created_at) index gives.
  const order = seek.key ? spec.order : orderBy(filter.sortingList, spec.sortable, spec.order);
  const ofValue = (value: SeekValue) => (seek.key ? keyCondition(seek.key, value, auditLog) : undefined);
  const rows: AuditRows = [
    ...(await read(
      and(spec.where, ofValue(start.value), fromDay(auditLog.createdAt, start.day, seek.timeDescending)),
      order,
      filter.resultsPerPage,
      start.skip,
    )),
  ];
  for (const value of seek.key ? start.values.slice(start.values.indexOf(start.value) + 1) : []) {
    if (rows.length >= filter.resultsPerPage) break;
    rows.push(...(await read(and(spec.where, ofValue(value)), order, filter.resultsPerPage - rows.length, 0)));
  }
  return { rows, totalRows: start.total };
}

/** A page of the trail under the filter, newest first unless sorted, with the count of every matching entry. */
async function auditPage(db: Tx, filter: AuditFilter) {
  const match = await searchMatch(db, filter.searchQuery);
  if (match) return searchedPage(db, filter, match);
  const seek = seekOrder(filter);
  return seek ? seekPage(db, filter, seek) : plainPage(db, filter);
}

export const auditRepository = {
  /** A page of the trail under the filter, newest first, with the count of every matching entry. */
  page: auditPage,

  /** The kinds of record in the trail, in order. */
  entities: async (db: Tx) => (await distinctEntities(db)).map((k) => k.entity),
};

/**
 * The distinct entities by skipping through the (entity, entity_id) index, one probe per kind, not
 * by reading every row; with a pattern, whether each one's name ILIKE it.
 */
async function distinctEntities(db: Tx, pattern = ''): Promise<{ entity: string; named: boolean }[]> {
  const result = await db.execute(sql`
    with recursive e as (
      select min(${auditLog.entity}) as entity from ${auditLog}
      union all
      select (select min(${auditLog.entity}) from ${auditLog} where ${auditLog.entity} > e.entity) from e
      where e.entity is not null
    )
    select entity, entity ilike ${pattern} as named from e where entity is not null`);
  return rowsOf<{ entity: string; named: boolean }>(result);
}
