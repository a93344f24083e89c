import { type AuditFilter, addDays } from '@wd/contracts';
import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { likePattern, listPage } from '../../lib/list.js';

// The audit trail (docs/audit.md): a page of audit_log, newest first, by the
// (created_at) index; filters by user, entity (and record), action and date;
// the search matches the entity, the user or any value before or after.

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

function auditPage(db: Tx, filter: AuditFilter) {
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
  return listPage(filter, {
    from: (fields) => db.select(fields).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)),
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
  });
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
