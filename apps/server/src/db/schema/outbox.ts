import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
  ],
);
