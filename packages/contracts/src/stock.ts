import { id, idOrZero, text } from './common/fields.js';
import { listFilterSchema, listResponse } from './common/list.js';
import { z } from './common/zod.js';

/**
 * Stock by location (docs/stock.md): the warehouse, the damaged-goods bin and each route's truck.
 * Every change is a movement in a ledger that is never edited; on hand is the sum of a product's
 * movements at a location, in whole units.
 */

export const STOCK_LOCATION_KINDS = ['warehouse', 'damaged', 'truck'] as const;
export type StockLocationKind = (typeof STOCK_LOCATION_KINDS)[number];
export const WAREHOUSE_ID = 1;
export const DAMAGED_BIN_ID = 2;

export const STOCK_MOVEMENT_KINDS = [
  'received',
  'loaded',
  'unloaded',
  'sold',
  'returned',
  'damaged',
  'counted',
  'settled',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** How each kind of movement reads in the office. */
export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  received: 'Received',
  loaded: 'Loaded',
  unloaded: 'Unloaded',
  sold: 'Sold',
  returned: 'Returned',
  damaged: 'Returned damaged',
  counted: 'Counted',
  settled: 'Settlement',
};

export const stockLocationSchema = z
  .object({
    id: z.int(),
    kind: z.enum(STOCK_LOCATION_KINDS),
    name: z.string(),
    /** The route whose truck it is (null for the warehouse and the bin). */
    routeID: z.int().nullable(),
    /** The route's name ('' when there is none). */
    route: z.string(),
  })
  .meta({ id: 'StockLocation' });
export type StockLocation = z.infer<typeof stockLocationSchema>;
export const stockLocationsResponse = z.object({ locations: z.array(stockLocationSchema) });

/** One product at one location: what the books say is there, and its value at today's cost. */
export const stockLevelSchema = z
  .object({
    productID: z.int(),
    product: z.string(),
    barcode: z.string(),
    category: z.string(),
    locationID: z.int(),
    location: z.string(),
    quantity: z.int(),
    /** The product's cost per unit, dollars. */
    costPrice: z.number(),
    /** quantity × costPrice, dollars. */
    value: z.number(),
  })
  .meta({ id: 'StockLevel' });
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const stockLevelFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    /** One location's stock; 0 (the default) lists every location. */
    locationID: idOrZero().default(0),
    /** Also list products with nothing on hand (at the chosen location, which is then required). */
    includeZero: z.boolean().default(false),
    /** Only the rows below zero: sold more than the books say was there (oversold). */
    belowZero: z.boolean().default(false),
  }),
);
export type StockLevelFilter = z.output<typeof stockLevelFilter>;
export type StockLevelFilterInput = z.input<typeof stockLevelFilter>;

export const stockLevelsResponse = listResponse('levels', stockLevelSchema).extend({
  /** Over every row of the filter, not only this page. */
  totals: z.object({ quantity: z.int(), value: z.number() }),
  /**
   * How many products are below zero at a location, over every location and whatever the filter:
   * more was sold there than the books say was on hand (the goods were there; a receiving, a load
   * or a count is missing). The office's flag to look.
   */
  belowZero: z.int(),
});

/** A product's stock everywhere it has any. */
export const productStockSchema = z
  .object({
    productID: z.int(),
    product: z.string(),
    barcode: z.string(),
    costPrice: z.number(),
    locations: z.array(
      z.object({ locationID: z.int(), location: z.string(), kind: z.enum(STOCK_LOCATION_KINDS), quantity: z.int() }),
    ),
    /** On hand everywhere but the damaged-goods bin (what can be sold). */
    sellable: z.int(),
  })
  .meta({ id: 'ProductStock' });
export type ProductStock = z.infer<typeof productStockSchema>;
export const productStockResponse = z.object({ stock: productStockSchema });

export const stockMovementSchema = z
  .object({
    id: z.int(),
    createdAt: z.string(),
    productID: z.int(),
    product: z.string(),
    locationID: z.int(),
    location: z.string(),
    /** Signed: into the location (+) or out of it (−). */
    quantity: z.int(),
    kind: z.enum(STOCK_MOVEMENT_KINDS),
    /** What made it, as the office names it: "Invoice/1042", "Supplier invoice 5521", "Count"… */
    source: z.string(),
    /** The invoice's or supplier invoice's id when it came from one (0 otherwise). */
    sourceID: z.int(),
    note: z.string(),
    /** Who did it ('' for sales and returns, which come with their invoice). */
    user: z.string(),
  })
  .meta({ id: 'StockMovement' });
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    productID: idOrZero().default(0),
    locationID: idOrZero().default(0),
    kind: z.enum(STOCK_MOVEMENT_KINDS).or(z.literal('')).default(''),
  }),
);
export type StockMovementFilter = z.output<typeof stockMovementFilter>;
export type StockMovementFilterInput = z.input<typeof stockMovementFilter>;
export const stockMovementsResponse = listResponse('movements', stockMovementSchema);

const units = () => z.int().min(0).max(1_000_000);

/** A product with a reorder level: its sellable stock (warehouse and trucks) beside the level. */
export const reorderRowSchema = z
  .object({
    productID: z.int(),
    product: z.string(),
    barcode: z.string(),
    category: z.string(),
    /** Reorder when sellable stock falls below this (0: no reorder level). */
    reorderLevel: z.int(),
    warehouse: z.int(),
    trucks: z.int(),
    /** warehouse + trucks (the damaged-goods bin is not sellable). */
    sellable: z.int(),
    /** reorderLevel − sellable, 0 when at or above the level. */
    short: z.int(),
    costPrice: z.number(),
    /** short × costPrice: what bringing it back to its level costs, dollars. */
    value: z.number(),
  })
  .meta({ id: 'ReorderRow' });
export type ReorderRow = z.infer<typeof reorderRowSchema>;

export const reorderFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    /** Every product with a reorder level, not only the ones below it. */
    all: z.boolean().default(false),
  }),
);
export type ReorderFilter = z.output<typeof reorderFilter>;
export type ReorderFilterInput = z.input<typeof reorderFilter>;
export const reorderResponse = listResponse('products', reorderRowSchema).extend({
  /** Over every row of the filter. */
  totals: z.object({ short: z.int(), value: z.number() }),
});

/** Sets products' reorder levels (0 removes a product's level). */
export const reorderLevelsBody = z.object({
  lines: z
    .array(z.object({ productID: id(), reorderLevel: units() }))
    .min(1)
    .max(5_000),
});
export type ReorderLevelsInput = z.input<typeof reorderLevelsBody>;
export const reorderLevelsResponse = z.object({ message: z.string() });

/** A count of some products at one location: each counted quantity replaces what the books say. */
export const stockCountBody = z.object({
  locationID: id(),
  lines: z
    .array(z.object({ productID: id(), counted: units() }))
    .min(1)
    .max(5_000),
  reason: text().trim().min(1).max(300),
});
export type StockCountInput = z.input<typeof stockCountBody>;

/** Goods moved between the warehouse and a truck: a load (warehouse → truck) or an unload (truck → warehouse). */
export const stockTransferBody = z.object({
  fromLocationID: id(),
  toLocationID: id(),
  lines: z
    .array(z.object({ productID: id(), quantity: units().min(1) }))
    .min(1)
    .max(5_000),
  note: text().trim().max(300).default(''),
});
export type StockTransferInput = z.input<typeof stockTransferBody>;

/** What a count or a transfer wrote. */
export const stockChangeResponse = z.object({
  message: z.string(),
  movements: z.array(stockMovementSchema),
});

export const STOCK_MESSAGES = {
  locationNotFound: "The location doesn't exist",
  officeOnly: 'Stock is counted, loaded and unloaded by the office, not from a driver’s account',
  productNotFound: (id: number) => `Product ${id} doesn't exist`,
  productDeleted: (name: string) => `${name} is deleted`,
  locationRequired: 'Choose a location to list products with nothing on hand',
  transferPair: 'Goods move between the warehouse and a truck: load a truck from the warehouse, or unload it back',
  sameProductTwice: (name: string) => `${name} is on the list twice`,
  reorderSaved: (n: number) => `Reorder level saved for ${n} ${n === 1 ? 'product' : 'products'}`,
  counted: (n: number) => (n === 0 ? 'The count matches the books: nothing changed' : `Count saved: ${n} adjusted`),
  loaded: (units: number, truck: string) => `${units} ${units === 1 ? 'unit' : 'units'} loaded onto ${truck}`,
  unloaded: (units: number, truck: string) => `${units} ${units === 1 ? 'unit' : 'units'} unloaded from ${truck}`,
} as const;
