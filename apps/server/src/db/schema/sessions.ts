import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './users.js';

/** Sign-in sessions: the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-in / change-password attempts, for rate limiting across instances. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_time_idx').on(t.key, t.createdAt)],
);
