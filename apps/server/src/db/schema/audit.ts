import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Who changed what, when, with the values before and after (docs/business-rules.md, "Audit log"). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    action: text('action', { enum: ['create', 'update', 'delete', 'recover'] }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The values of both sides, one per line, for the trail's search (migration 0079: a generated
     * column under a trigram index; keys are not in it).
     */
    searchText: text('search_text').generatedAlwaysAs(sql`wd_audit_values_text(before, after)`),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
    // The trail filtered by, or sorted by, one user, kind of record or action, newest first (migration 0067).
    index('audit_log_user_created_idx').on(t.userId, t.createdAt),
    index('audit_log_entity_created_idx').on(t.entity, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
  ],
);

const auditCountColumns = () => ({
  /** The entries' UTC day, as the trail's date filter reads its timestamps. */
  day: date('day', { mode: 'string' }).notNull(),
  /** 0: no user (deleted, or none recorded). */
  userId: integer('user_id').notNull(),
  entity: text('entity').notNull(),
  action: text('action').notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
});

/**
 * How many audit entries each day holds per user, kind of record and action (migration 0067):
 * the trail's count under any filter but a search or one record's id, without counting the log
 * (2.6 million entries at 200,000 invoices: 130 ms a page). Folded from the deltas below by
 * rollups_fold; a reader adds the unfolded deltas in the same statement.
 */
export const auditDayCounts = pgTable('audit_day_counts', auditCountColumns(), (t) => [
  primaryKey({ columns: [t.day, t.entity, t.action, t.userId] }),
]);

/**
 * The day counts summed per month (migration 0067), folded from the same deltas: a period's
 * whole months are counted here (1,200 rows for four years against 30,000 days), its edge days
 * and the page's month from the day counts.
 */
export const auditMonthCounts = pgTable(
  'audit_month_counts',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    entity: text('entity').notNull(),
    action: text('action').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.entity, t.action, t.userId] })],
);

/** Audit counts not folded yet: what the audit_log statement triggers append (+ inserted, − deleted). */
export const auditDayCountDeltas = pgTable('audit_day_count_deltas', auditCountColumns());
