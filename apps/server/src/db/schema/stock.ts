import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
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
import { deliveryRoutes } from './delivery-routes.js';
import { products } from './products.js';
import { users } from './users.js';

/**
 * Where stock is kept (docs/stock.md): the warehouse (id 1), the damaged-goods bin (id 2, never
 * sold from) and one truck per delivery route, made and renamed with its route by a trigger.
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['warehouse', 'damaged', 'truck'] }).notNull(),
    name: text('name').notNull(),
    /** The route whose truck this is; null for the warehouse and the bin, or once the route is gone. */
    routeId: integer('route_id').references(() => deliveryRoutes.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('stock_locations_route_idx').on(t.routeId)],
);

/**
 * The stock ledger: every change of a product's quantity at a location, in whole units, never
 * changed or deleted (a correction is a new movement). Sales and returns are written by triggers
 * on invoice lines; receiving, loading, unloading and counts by the app.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    kind: text('kind', {
      enum: ['received', 'loaded', 'unloaded', 'sold', 'returned', 'damaged', 'counted', 'settled'],
    }).notNull(),
    /** What made it: an invoice, a supplier invoice, a transfer (load or unload), a count, a settlement. */
    source: text('source', { enum: ['invoice', 'supplier_invoice', 'transfer', 'count', 'settlement'] }).notNull(),
    sourceId: integer('source_id'),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    index('stock_movements_source_idx').on(t.source, t.sourceId),
    /** A truck's movements since its last settlement. */
    index('stock_movements_location_idx').on(t.locationId, t.id),
    /** The ledger by kind, and sorted by kind or quantity (ties by id, either way). */
    index('stock_movements_kind_idx').on(t.kind, t.id),
    index('stock_movements_quantity_idx').on(t.quantity, t.id),
    /** The few movements with a note, for the ledger's search. */
    index('stock_movements_noted_idx').on(t.id).where(sql`${t.note} <> ''`),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0`),
  ],
);

/** On hand per product and location: Σ of its movements, folded from the deltas (rollups_fold). */
export const stockLevels = pgTable(
  'stock_levels',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationId] }),
    index('stock_levels_location_idx').on(t.locationId),
    /** The oversold flag: the few rows below zero. */
    index('stock_levels_below_zero_idx').on(t.locationId, t.productId).where(sql`${t.quantity} < 0`),
  ],
);

/** Movements not yet folded onto stock_levels (appended by a trigger; emptied by each fold). */
export const stockLevelDeltas = pgTable(
  'stock_level_deltas',
  {
    productId: integer('product_id').notNull(),
    locationId: integer('location_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
  },
  (t) => [index('stock_level_deltas_product_idx').on(t.productId)],
);

/**
 * How many movements each product has per location and kind, and (product_id 0) each location and
 * kind over every product: the ledger's count under any of its filters without reading the
 * ledger. Folded from the deltas below (rollups_fold); a reader adds the unfolded deltas.
 */
export const stockMovementCounts = pgTable(
  'stock_movement_counts',
  {
    productId: integer('product_id').notNull(),
    locationId: integer('location_id').notNull(),
    kind: text('kind').notNull(),
    movements: bigint('movements', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locationId, t.kind] })],
);

/** Movement counts not yet folded onto stock_movement_counts (appended by the ledger's trigger). */
export const stockMovementCountDeltas = pgTable(
  'stock_movement_count_deltas',
  {
    productId: integer('product_id').notNull(),
    locationId: integer('location_id').notNull(),
    kind: text('kind').notNull(),
    movements: bigint('movements', { mode: 'number' }).notNull(),
  },
  (t) => [index('stock_movement_count_deltas_product_idx').on(t.productId)],
);

/** The ids of the two fixed locations. */
export const WAREHOUSE_LOCATION_ID = 1;
export const DAMAGED_LOCATION_ID = 2;
