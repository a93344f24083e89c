import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { files } from './files.js';
import { invoices } from './invoices.js';
import { customers } from './parties.js';
import { users } from './users.js';

/**
 * A delivery route (docs/route-mode.md): a driver, a truck and, per weekday, an ordered list of
 * stops. One route per driver.
 */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id),
    truck: text('truck').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('delivery_routes_driver_idx').on(t.driverId)],
);

/** A route's stops: weekday 1 (Monday) … 7 (Sunday), position 1, 2, … within the day. */
export const routeStops = pgTable(
  'route_stops',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => deliveryRoutes.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    position: smallint('position').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.weekday, t.position] }),
    uniqueIndex('route_stops_customer_idx').on(t.routeId, t.weekday, t.customerId),
    index('route_stops_customer_id_idx').on(t.customerId),
  ],
);

/**
 * A block of invoice numbers reserved for one device of a driver: numbers taken from the invoice
 * sequence (so the office never gets them), used by invoices made offline. Released at the end of
 * its day: numbers no invoice took are then void, and the device asks for a new block.
 */
export const numberBlocks = pgTable(
  'number_blocks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    /** The business day the block was reserved for. */
    day: date('day', { mode: 'string' }).notNull(),
    numbers: integer('numbers').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    index('number_blocks_device_idx').on(t.deviceId, t.day),
    index('number_blocks_open_idx').on(t.day).where(sql`${t.releasedAt} is null`),
    index('number_blocks_numbers_idx').using('gin', t.numbers),
  ],
);

/** The proof of delivery of an invoice made on a device: who received it, their signature, when and where. */
export const invoiceProofs = pgTable('invoice_proofs', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  receivedBy: text('received_by').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  signatureFileId: integer('signature_file_id')
    .notNull()
    .references(() => files.id),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});

/**
 * What the office must look at after a device's sync: an invoice stored as the store was handed
 * it, which differs from the office's data (a price, a deleted product, a credit limit…).
 */
export const deviceFlags = pgTable(
  'device_flags',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('device_flags_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    index('device_flags_invoice_idx').on(t.invoiceId),
  ],
);

/** A stop the driver skipped (with why), as the device reports it; a stop with an invoice is done. */
export const routeVisits = pgTable(
  'route_visits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    state: text('state', { enum: ['skipped', 'next'] }).notNull(),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.customerId] }), index('route_visits_day_idx').on(t.day)],
);
