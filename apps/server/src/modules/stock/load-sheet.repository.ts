import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  customers,
  deliveryRoutes,
  invoiceItems,
  invoices,
  products,
  routeStops,
  stockLocations,
  users,
} from '../../db/schema/index.js';

export const loadSheetRepository = {
  /** The route with its driver's name and its truck's stock location. */
  async route(db: Tx, routeId: number) {
    const [row] = await db
      .select({
        id: deliveryRoutes.id,
        name: deliveryRoutes.name,
        truck: deliveryRoutes.truck,
        driver: users.username,
        locationID: stockLocations.id,
      })
      .from(deliveryRoutes)
      .innerJoin(users, eq(users.id, deliveryRoutes.driverId))
      .leftJoin(stockLocations, eq(stockLocations.routeId, deliveryRoutes.id))
      .where(eq(deliveryRoutes.id, routeId));
    return row;
  },

  /** The route's stops of a weekday, in their order (deleted customers left out). */
  stops(db: Tx, routeId: number, weekday: number) {
    return db
      .select({ customerID: customers.id, company: customers.company })
      .from(routeStops)
      .innerJoin(customers, eq(customers.id, routeStops.customerId))
      .where(and(eq(routeStops.routeId, routeId), eq(routeStops.weekday, weekday), isNull(customers.deletedAt)))
      .orderBy(asc(routeStops.position));
  },

  /**
   * Units of each product the customers bought from `from` to `to` (both included): the lines
   * sold (positive quantities) of their invoices and consignment invoices that are not NEW.
   * Read by the invoices' customer index, a few weeks of a few stores.
   */
  async sold(db: Tx, customerIds: number[], from: string, to: string) {
    if (customerIds.length === 0) return [];
    const rows = await db
      .select({
        productID: sql<number>`${invoiceItems.productId}`.mapWith(Number),
        quantity: sql<number>`sum(${invoiceItems.quantity})`.mapWith(Number),
      })
      .from(invoices)
      .innerJoin(invoiceItems, eq(invoiceItems.invoiceId, invoices.id))
      .where(
        and(
          inArray(invoices.customerId, customerIds),
          gte(invoices.date, from),
          lte(invoices.date, to),
          ne(invoices.status, 'NEW'),
          isNotNull(invoiceItems.productId),
          sql`${invoiceItems.quantity} > 0`,
        ),
      )
      .groupBy(invoiceItems.productId);
    return rows;
  },

  /** Names and barcodes of some products, deleted ones left out (nothing is loaded of those). */
  products(db: Tx, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: products.id, name: products.name, barcode: products.barcode })
      .from(products)
      .where(and(inArray(products.id, ids), isNull(products.deletedAt)));
  },
};
