import { changesSomething, id, isoDate, NOTHING_TO_CHANGE, text } from './common/fields.js';
import { listResponse } from './common/list.js';
import { z } from './common/zod.js';
import { documentBillerSchema, documentPartySchema } from './invoice-documents.js';
import { settingsSchema } from './settings.js';

/**
 * Delivery routes and the driver's device (docs/route-mode.md): a route is a driver, a truck and,
 * per weekday, an ordered list of stops (customers); a device takes blocks of invoice numbers to
 * number the invoices it makes offline.
 */

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const weekday = () => z.int().min(1).max(7);

/** The ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The most stops one weekday of a route may have. */
export const MAX_STOPS_PER_DAY = 200;

export const routeStopSchema = z
  .object({
    weekday: z.int(),
    position: z.int(),
    customerID: z.int(),
    customer: z.string(),
    /** The customer was deleted since: the stop stays until the route is changed. */
    customerDeleted: z.boolean(),
  })
  .meta({ id: 'RouteStop' });
export type RouteStop = z.infer<typeof routeStopSchema>;

export const routeSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    driverID: z.int(),
    driver: z.string(),
    truck: z.string(),
    /** Stops per weekday, in order. */
    stops: z.array(routeStopSchema),
    /** How many stops each weekday has, Monday first (the list's columns). */
    stopsPerDay: z.array(z.int()).length(7),
  })
  .meta({ id: 'Route' });
export type Route = z.infer<typeof routeSchema>;

/** A route's stops as sent: per weekday, the customers in visiting order. */
const stopsInput = z
  .array(z.object({ weekday: weekday(), customerID: id() }))
  .max(7 * MAX_STOPS_PER_DAY)
  .superRefine((stops, ctx) => {
    const seen = new Set<string>();
    const perDay = new Map<number, number>();
    for (const [i, s] of stops.entries()) {
      const key = `${s.weekday}:${s.customerID}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [i, 'customerID'], message: 'is already a stop of that weekday' });
      }
      seen.add(key);
      perDay.set(s.weekday, (perDay.get(s.weekday) ?? 0) + 1);
    }
    for (const [day, n] of perDay) {
      if (n > MAX_STOPS_PER_DAY) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: `${WEEKDAYS[day - 1]} has ${n} stops; at most ${MAX_STOPS_PER_DAY}`,
        });
      }
    }
  });

const routeFields = {
  name: text().trim().min(1).max(100),
  driverID: id(),
  truck: text().trim().min(1).max(50),
  stops: stopsInput,
};
export const routeInput = z.object({ ...routeFields, stops: stopsInput.default([]) });
export type RouteInput = z.input<typeof routeInput>;
/** Fields left out keep their value; `stops`, when sent, replaces every stop of the route. */
export const routeUpdateInput = z
  .object({
    id: id(),
    name: routeFields.name.optional(),
    driverID: id().optional(),
    truck: routeFields.truck.optional(),
    stops: stopsInput.optional(),
  })
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type RouteUpdateInput = z.input<typeof routeUpdateInput>;

export const routeResponse = z.object({ route: routeSchema });
export const routesResponse = listResponse('routes', routeSchema);

/** One stop of a day's route, with what the driver needs at the door. */
export const dayStopSchema = z
  .object({
    position: z.int(),
    customerID: z.int(),
    customer: z.string(),
    address: z.string(),
    city: z.string(),
    phone: z.string(),
    /** The customer as the printed invoice shows them. */
    party: documentPartySchema,
    /** Dollars the customer owes on invoices not yet paid (DUE). */
    openBalance: z.number(),
    /** Dollars; 0 = no limit. */
    creditLimit: z.number(),
    priceGroupID: z.int(),
  })
  .meta({ id: 'DayStop' });
export type DayStop = z.infer<typeof dayStopSchema>;

/** The signed-in driver's route for a day: null when they have none or no stops that weekday. */
export const dayRouteResponse = z
  .object({
    date: z.string(),
    weekday: z.int(),
    route: z.object({ id: z.int(), name: z.string(), truck: z.string() }).nullable(),
    stops: z.array(dayStopSchema),
  })
  .meta({ id: 'DayRoute' });
export type DayRoute = z.infer<typeof dayRouteResponse>;

/** A device's id: made by the device once (a UUID), kept in its storage. */
export const deviceId = () =>
  text()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, { message: 'may hold only letters, digits and -' });

/** How many numbers a block holds unless asked otherwise. */
export const DEFAULT_BLOCK_SIZE = 50;
export const MAX_BLOCK_SIZE = 500;

export const reserveNumbersBody = z.object({
  deviceID: deviceId(),
  count: z.int().min(1).max(MAX_BLOCK_SIZE).default(DEFAULT_BLOCK_SIZE),
});

export const numberBlockSchema = z
  .object({
    id: z.int(),
    userID: z.int(),
    user: z.string(),
    deviceID: z.string(),
    day: z.string(),
    /** The invoice numbers of the block, as the invoice number shows them without `Invoice/`. */
    numbers: z.array(z.int()),
    /** Numbers an invoice has taken. */
    used: z.array(z.int()),
    createdAt: z.string(),
    /** When the block was closed: its unused numbers are void from then on. */
    releasedAt: z.string().nullable(),
  })
  .meta({ id: 'NumberBlock' });
export type NumberBlock = z.infer<typeof numberBlockSchema>;

export const numberBlockResponse = z.object({ block: numberBlockSchema });
export const numberBlocksResponse = listResponse('blocks', numberBlockSchema);

/** The morning download: the device says who it is and how many numbers it wants. */
export const routeDownloadBody = z.object({
  deviceID: deviceId(),
  blockSize: z.int().min(1).max(MAX_BLOCK_SIZE).default(DEFAULT_BLOCK_SIZE),
});

/** A product as the device prices and scans it (dollars). */
export const catalogProductSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    barcode: z.string(),
    boxBarcode: z.string(),
    unitQuantity: z.int(),
    category: z.string(),
    costPrice: z.number(),
    sellingPrice: z.number(),
    suggestedRetailPrice: z.number(),
  })
  .meta({ id: 'CatalogProduct' });
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/** A customer price group's price for a product (dollars), for the groups of the day's stops. */
export const groupPriceSchema = z
  .object({ priceGroupID: z.int(), productID: z.int(), price: z.number(), suggestedRetailPrice: z.number() })
  .meta({ id: 'GroupPrice' });
export type GroupPriceRow = z.infer<typeof groupPriceSchema>;

/**
 * Everything a driver's device needs for the day without signal: today's stops with balances and
 * credit limits, the active catalog, the stops' group prices, the settings, and a block of numbers.
 */
export const routeDownloadResponse = z
  .object({
    downloadedAt: z.string(),
    day: dayRouteResponse,
    products: z.array(catalogProductSchema),
    groupPrices: z.array(groupPriceSchema),
    settings: settingsSchema,
    /** The house biller, who bills the driver's invoices, as the printed invoice shows it. */
    biller: documentBillerSchema,
    block: numberBlockSchema,
    /**
     * What the books say is on the driver's truck at the download (docs/stock.md): products with
     * a quantity other than 0. Empty when the driver has no route.
     */
    truckStock: z.array(z.object({ productID: z.int(), quantity: z.int() })),
  })
  .meta({ id: 'RouteDownload' });
export type RouteDownload = z.infer<typeof routeDownloadResponse>;

/** A stop skipped on the device (or taken back), sent with the device's queue. */
export const routeVisitBody = z.object({
  deviceID: deviceId(),
  date: isoDate(),
  customerID: id(),
  state: z.enum(['skipped', 'next']),
  reason: text().trim().max(200).default(''),
  at: z.iso.datetime({ offset: true }),
});
export type RouteVisitInput = z.input<typeof routeVisitBody>;

/** How far each route is on a day, as the devices have synced it. */
export const routeProgressSchema = z
  .object({
    routeID: z.int(),
    route: z.string(),
    driver: z.string(),
    truck: z.string(),
    /** Stops planned for the weekday. */
    stops: z.int(),
    /** Stops with an invoice synced from the driver's device. */
    done: z.int(),
    skipped: z.int(),
    invoices: z.int(),
    /** Dollars: goods less returns, and what was collected, on the synced invoices. */
    sold: z.number(),
    collected: z.number(),
    /** When the last invoice of the day reached the server; null before the first. */
    lastSync: z.string().nullable(),
    /** Open driver flags of the day's invoices. */
    flags: z.int(),
  })
  .meta({ id: 'RouteProgress' });
export type RouteProgress = z.infer<typeof routeProgressSchema>;
export const routeProgressBody = z.object({ date: isoDate().optional() });
export const routeProgressResponse = z.object({ date: z.string(), routes: z.array(routeProgressSchema) });

export const ROUTE_MESSAGES = {
  routeNotFound: "The route doesn't exist",
  blockNotFound: "The number block doesn't exist",
  driverNotFound: "The driver doesn't exist",
  notADriver: (user: string) => `${user} is not marked as a driver (Users → edit → Driver)`,
  driverTaken: (user: string, route: string) => `${user} already drives the route ${route}`,
  customerNotFound: (id: number) => `Customer ${id} doesn't exist`,
  notYourBlock: 'This number block belongs to another user',
  released: (n: number) => `Block released: ${n} unused number${n === 1 ? '' : 's'} void`,
  alreadyReleased: 'This number block was already released',
  visitSaved: 'Saved',
  notOnRoute: "This customer is not a stop of the driver's route",
} as const;
