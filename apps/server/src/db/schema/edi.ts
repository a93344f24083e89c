import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.js';
import { billers } from './parties.js';

/**
 * The last X12 interchange control number each biller (the sender) has used. A
 * control number names one transmission: a changed invoice gets the next one.
 * New billers start at 0; those that sent files before control numbers were
 * kept start after the highest invoice number they had, which earlier files used.
 */
export const ediControlNumbers = pgTable(
  'edi_control_numbers',
  {
    billerId: integer('biller_id')
      .primaryKey()
      .references(() => billers.id, { onDelete: 'cascade' }),
    lastControl: integer('last_control').notNull().default(0),
  },
  (t) => [check('edi_control_numbers_range', sql`${t.lastControl} between 0 and 999999999`)],
);

/**
 * Each X12 810 issued for an invoice: its control number, a hash of its content
 * without the control numbers and purpose code, and when. The newest one with
 * the same content is issued again byte for byte; a different content gets a
 * new control number and says it replaces the earlier file.
 */
export const ediDocuments = pgTable(
  'edi_documents',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    billerId: integer('biller_id').notNull(),
    controlNumber: integer('control_number').notNull(),
    /** 00 original, 05 replace (X12 element 353). */
    purpose: text('purpose').notNull(),
    contentHash: text('content_hash').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('edi_documents_invoice_idx').on(t.invoiceId, t.id)],
);
