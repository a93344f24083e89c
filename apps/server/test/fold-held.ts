import { sql } from 'drizzle-orm';
import type { TestApp } from './helpers.js';

/** The transaction-level advisory lock every fold of the roll-ups takes (rollups_fold). */
export const FOLD_LOCK = 2003924324;

/**
 * Runs `body` while an open transaction holds the fold's lock: no instance folds until it ends, so
 * every write made meanwhile stays in the roll-ups' deltas, and a reader that folded first would
 * wait for good. PostgreSQL only (the embedded database has one connection).
 */
export async function withFoldsHeld(t: TestApp, body: () => Promise<void>): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(FOLD_LOCK))})`);
    await body();
  });
}
