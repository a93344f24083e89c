import { date, index, integer, pgSequence, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { files } from './files.js';
import { customers } from './parties.js';
import { users } from './users.js';

export const receiptReferenceSeq = pgSequence('receipt_reference_seq');

/**
 * One receipt from a customer (one cheque for several invoices,
 * docs/receivables.md "Receipts"): its shares are the payments whose
 * receipt_id points here, one per invoice. `unallocated` is the credit on
 * account: the cents of `amount` no invoice took (amount = Σ shares + unallocated).
 * The cheque photo is stored once, here.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    referenceNo: text('reference_no').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    paymentType: text('payment_type', { enum: ['cash', 'cheque', 'credit', 'moneyOrder'] }).notNull(),
    amount: integer('amount').notNull(),
    unallocated: integer('unallocated').notNull().default(0),
    chequeNo: text('cheque_no').notNull().default(''),
    chequeFileId: integer('cheque_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('receipts_customer_idx').on(t.customerId, t.date)],
);
