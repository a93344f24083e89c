import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Idempotency keys of writes (docs/api.md "Idempotency-Key"): per user (0 before signing in),
 * the request's fingerprint, whether its change committed (`applied`, written in the change's
 * own transaction) and, once answered, the answer to give a repeat. Kept 72 hours at least.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: integer('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    applied: boolean('applied').notNull().default(false),
    /** Null while the first request runs. */
    status: integer('status'),
    contentType: text('content_type'),
    body: bytea('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
