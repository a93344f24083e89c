import { customType, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Uploaded files (logos, resale certificates, cheque images) live in the database: the server keeps no state. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['logo', 'resaleCertificate', 'cheque', 'signature'] }).notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
