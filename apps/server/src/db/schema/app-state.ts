import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server's own facts about this database, one row per key (not business
 * data, not on the API). `demo_data`: 'pending' from the first start of a new
 * database until its demo data is loaded (in the same transaction as the data),
 * then 'loaded'; 'skipped' when a later start had DEMO_DATA=0 (docs/operations.md).
 */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
