import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './files.js';
import { invoices } from './invoices.js';
import { customers } from './parties.js';
import { users } from './users.js';

/** One attachment as it was rendered when the user asked: sent later byte for byte. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Where the attachment's bytes start in `data` and how many. */
  offset: number;
  size: number;
}

/**
 * The outbox (docs/email.md): every e-mail is stored here first, then
 * delivered. The table is the queue: a worker picks queued rows whose
 * next attempt is due, so nothing is lost on a restart.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['invoicePdf', 'invoiceEdi', 'statementPdf'] }).notNull(),
    /** The invoice an invoice's message is about; none for a statement. */
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    /**
     * The invoice's number, kept by the database (migration 0068: set on insert, rewritten if the
     * number changes) so the list's search matches it through this table's own trigram index.
     * '' for a statement. The list shows the invoice's own number, which is the same.
     */
    invoiceNo: text('invoice_no').notNull().default(''),
    /** The customer a statement is sent to; none for an invoice's message. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    /** Copies: addresses separated by ', ' ('' for none). */
    cc: text('cc').notNull().default(''),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The attachments' names and types; their bytes, one after another, in `data`. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull(),
    data: bytea('data').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt, t.id),
    index('outbox_invoice_idx').on(t.invoiceId, t.createdAt),
    index('outbox_customer_idx').on(t.customerId, t.createdAt),
    // The list sorted by a column, ties by id in the sort's direction: one index serves both ways (migration 0068).
    index('outbox_to_idx').on(t.to, t.id),
    index('outbox_subject_idx').on(t.subject, t.id),
    index('outbox_status_id_idx').on(t.status, t.id),
    index('outbox_attempts_idx').on(t.attempts, t.id),
  ],
);

/**
 * How many messages each status holds (migration 0068): the outbox list's count without counting
 * the outbox (110,000 messages at 200,000 invoices: 7.5 ms a page). Folded from the deltas below
 * by rollups_fold; a reader adds the unfolded deltas in the same statement.
 */
export const outboxStatusCounts = pgTable('outbox_status_counts', {
  status: text('status').primaryKey(),
  messages: bigint('messages', { mode: 'number' }).notNull(),
});

/** Status counts not folded yet: what the outbox's statement triggers append (+ new rows, − old rows). */
export const outboxStatusCountDeltas = pgTable('outbox_status_count_deltas', {
  status: text('status').notNull(),
  messages: bigint('messages', { mode: 'number' }).notNull(),
});
