import { type AuditFilter, addDays } from '@wd/contracts';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { likePattern, listPage, orderBy } from '../../lib/list.js';
import {
  fromDay,
  keyCondition,
  type SeekOrder,
  type SeekValue,
  seekOrder,
  seekStart,
} from './audit-seek.repository.js';

// The audit trail (docs/audit.md): a page of audit_log, newest first, by the
// (created_at) index; filters by user, entity (and record), action and date;
// the search matches the entity, the user or any value before or after. Without a
// search or a record, the page and the count come from the day counts (audit-seek.repository.ts).

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

/** The trail's columns, FROM, conditions and orders, as the plain page and the seek both read them. */
function auditSpec(db: Tx, filter: AuditFilter) {
  const user = sql<string>`coalesce(${users.username}, '')`;
  const text = filter.searchQuery.trim();
  const search: SQL | undefined = text
    ? sql`(${auditLog.entity} ilike ${likePattern(text)} or ${users.username} ilike ${likePattern(text)}
          or ${auditLog.before}::text ilike ${likePattern(text)} or ${auditLog.after}::text ilike ${likePattern(text)})`
    : undefined;
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
    where: and(
      filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
      recordCondition(filter),
      filter.action ? eq(auditLog.action, filter.action) : undefined,
      // Whole days of the timestamps, [start, end + 1 day).
      filter.startDate ? gte(auditLog.createdAt, new Date(`${filter.startDate}T00:00:00Z`)) : undefined,
      filter.endDate ? lt(auditLog.createdAt, new Date(`${addDays(filter.endDate, 1)}T00:00:00Z`)) : undefined,
      search,
    ),
    sortable: { createdAt: auditLog.createdAt, user, entity: auditLog.entity, action: auditLog.action },
    order: [desc(auditLog.createdAt), desc(auditLog.id)],
  };
}

type AuditRows = Awaited<ReturnType<typeof plainPage>>['rows'];

/** The page by the plain definition: a search or one record's history (few entries, or all to read anyway). */
function plainPage(db: Tx, filter: AuditFilter) {
  return listPage(filter, auditSpec(db, filter));
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
function auditPage(db: Tx, filter: AuditFilter) {
  const seek = seekOrder(filter);
  return seek ? seekPage(db, filter, seek) : plainPage(db, filter);
}

export const auditRepository = {
  /** A page of the trail under the filter, newest first, with the count of every matching entry. */
  page: auditPage,

  /** The kinds of record in the trail, in order. */
  async entities(db: Tx) {
    // The distinct entities by skipping through the (entity, entity_id) index, not by reading every row.
    const result = await db.execute<{ entity: string }>(sql`
      with recursive e as (
        select min(${auditLog.entity}) as entity from ${auditLog}
        union all
        select (select min(${auditLog.entity}) from ${auditLog} where ${auditLog.entity} > e.entity) from e
        where e.entity is not null
      )
      select entity from e where entity is not null`);
    const rows =
      (result as unknown as { rows?: { entity: string }[] }).rows ?? (result as unknown as { entity: string }[]);
    return rows.map((r) => r.entity);
  },
};
