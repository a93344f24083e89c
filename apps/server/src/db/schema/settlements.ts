import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { products } from './products.js';
import { stockLocations } from './stock.js';
import { users } from './users.js';

/**
 * A driver's end-of-day settlement (docs/settlement.md). While open its expected figures are
 * computed live; closing stores them beside what was counted and handed in, and the over/short.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    note: text('note').notNull().default(''),
    /** The truck's movements after this id are this settlement's (the previous close's last id). */
    sinceMovementId: bigint('since_movement_id', { mode: 'number' }).notNull().default(0),
    /** The last movement id when it closed. */
    closedMovementId: bigint('closed_movement_id', { mode: 'number' }),
    /** Over/short in cents, stored when it closes. */
    stockOverShort: integer('stock_over_short').notNull().default(0),
    moneyOverShort: integer('money_over_short').notNull().default(0),
    adjustments: integer('adjustments').notNull().default(0),
    /** Payments on credit that day (cents), stored when it closes. */
    credit: integer('credit').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('settlements_driver_day_idx').on(t.driverId, t.day),
    // The report's orders (docs/settlement.md, "The report"): newest first, or a sort with its
    // ties by day and id in the sort's direction, each read from one index either way.
    index('settlements_day_id_idx').on(t.day, t.id),
    index('settlements_status_day_idx').on(t.status, t.day, t.id),
    index('settlements_over_short_day_idx').on(
      sql`(${t.stockOverShort} + ${t.moneyOverShort} + ${t.adjustments})`,
      t.day,
      t.id,
    ),
    index('settlements_location_idx').on(t.locationId, t.id),
  ],
);

/** A product of the truck's sheet: counted while open; expected and cost stored when it closes. */
export const settlementStock = pgTable(
  'settlement_stock',
  {
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    counted: integer('counted'),
    carried: integer('carried'),
    loaded: integer('loaded'),
    sold: integer('sold'),
    returned: integer('returned'),
    adjusted: integer('adjusted'),
    expected: integer('expected'),
    cost: integer('cost'),
  },
  (t) => [primaryKey({ columns: [t.settlementId, t.productId] })],
);

/** A money line: handed in while open; expected and who paid stored when it closes (cents). */
export const settlementMoney = pgTable(
  'settlement_money',
  {
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    paymentType: text('payment_type').notNull(),
    chequeNo: text('cheque_no').notNull().default(''),
    customer: text('customer').notNull().default(''),
    invoiceNo: text('invoice_no').notNull().default(''),
    expected: integer('expected'),
    handedIn: integer('handed_in'),
  },
  (t) => [primaryKey({ columns: [t.settlementId, t.key] })],
);

/** A correction of a closed settlement: an amount over (+) or short (−) with its reason. */
export const settlementAdjustments = pgTable('settlement_adjustments', {
  id: serial('id').primaryKey(),
  settlementId: integer('settlement_id')
    .notNull()
    .references(() => settlements.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  note: text('note').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
