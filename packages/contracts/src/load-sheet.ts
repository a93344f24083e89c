import { id, isoDate } from './common/fields.js';
import { z } from './common/zod.js';

/**
 * The morning load sheet of a truck (docs/stock.md): what the route's stops of that weekday
 * usually take, beside what is on the truck and in the warehouse, and the suggested load. The
 * office edits it, prints it, and confirms it as a load (a stock transfer warehouse → truck).
 */

/** How many past weeks the usual quantities are averaged over, by default. */
export const LOAD_SHEET_WEEKS = 4;

export const loadSheetBody = z.object({
  routeID: id(),
  /** The day the truck goes out (its weekday picks the stops). */
  date: isoDate(),
  weeks: z.int().min(1).max(13).default(LOAD_SHEET_WEEKS),
});
export type LoadSheetInput = z.input<typeof loadSheetBody>;

export const loadSheetLineSchema = z
  .object({
    productID: z.int(),
    product: z.string(),
    barcode: z.string(),
    /** What the day's stops took on a visit, on average over the weeks (rounded up; returns not netted). */
    usual: z.int(),
    /** On the truck now (left from earlier days). */
    onTruck: z.int(),
    inWarehouse: z.int(),
    /** usual − onTruck, never below 0: what to load. */
    suggested: z.int(),
  })
  .meta({ id: 'LoadSheetLine' });
export type LoadSheetLine = z.infer<typeof loadSheetLineSchema>;

export const loadSheetSchema = z
  .object({
    routeID: z.int(),
    route: z.string(),
    truck: z.string(),
    /** The truck's stock location: the load's destination. */
    locationID: z.int(),
    driver: z.string(),
    date: z.string(),
    /** 1 Monday … 7 Sunday. */
    weekday: z.int(),
    weeks: z.int(),
    /** The sales read: invoices dated from `from` to `to`, both included. */
    from: z.string(),
    to: z.string(),
    stops: z.array(z.object({ customerID: z.int(), company: z.string() })),
    /** By product name. */
    lines: z.array(loadSheetLineSchema),
  })
  .meta({ id: 'LoadSheet' });
export type LoadSheet = z.infer<typeof loadSheetSchema>;
export const loadSheetResponse = z.object({ loadSheet: loadSheetSchema });

export const LOAD_SHEET_MESSAGES = {
  routeNotFound: "The route doesn't exist",
  noTruck: 'This route has no truck location',
} as const;
