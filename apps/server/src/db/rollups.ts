import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
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

/**
 * The roll-up (migrations 0009_list_totals, 0011): per day, biller, type and status, the number of
 * submitted (not NEW) invoices and the sums of the footer's columns, kept exact by statement triggers on invoices.
 * Not in the schema folder: only the triggers write it (the invoice list and the dashboard read it).
 */
export const invoiceDayTotals = pgTable('invoice_day_totals', {
  date: date('date', { mode: 'string' }).notNull(),
  billerId: integer('biller_id').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  invoices: bigint('invoices', { mode: 'number' }).notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  discountRedeemed: bigint('discount_redeemed', { mode: 'number' }).notNull(),
  amountCredited: bigint('amount_credited', { mode: 'number' }).notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull(),
});
