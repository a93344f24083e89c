import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/**
 * The roll-ups (the invoice list's day totals, the reports' month and all-history tables, each
 * product's quantity sold) are kept by triggers that only append deltas: writers never wait on
 * a shared totals row. `foldRollups` moves the committed deltas onto the totals (the database's
 * rollups_fold, one folder at a time). A read of any roll-up folds first, so it counts every
 * write committed before it; each instance also folds in the background (`wait` false: skipped
 * while another fold runs) so the deltas stay few.
 */
export async function foldRollups(db: Tx, wait = true): Promise<void> {
  await db.execute(wait ? sql`select rollups_fold()` : sql`select rollups_fold(false)`);
}

/** How often an instance folds in the background. */
export const FOLD_EVERY_MS = 1_000;
