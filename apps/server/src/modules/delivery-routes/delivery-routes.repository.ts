import type { ListFilter } from '@wd/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { customers, deliveryRoutes, priceGroupItems, products, routeStops, users } from '../../db/schema/index.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';
import { openBalanceOf } from '../customers/credit-limit.repository.js';

const columns = {
  id: deliveryRoutes.id,
  name: deliveryRoutes.name,
  driverID: deliveryRoutes.driverId,
  driver: users.username,
  truck: deliveryRoutes.truck,
};
export type RouteRow = { id: number; name: string; driverID: number; driver: string; truck: string };

export interface StopRow {
  routeId: number;
  weekday: number;
  position: number;
  customerID: number;
  customer: string;
  customerDeleted: boolean;
}

/** Routes with their driver's name. */
function select<F extends SelectedFields>(db: Tx, fields: F) {
  return db.select(fields).from(deliveryRoutes).innerJoin(users, eq(users.id, deliveryRoutes.driverId));
}

export const deliveryRoutesRepository = {
  list(db: Tx, filter: ListFilter) {
    return listPage(filter, {
      from: (fields: SelectedFields) => select(db, fields),
      columns,
      where: searchCondition(filter.searchQuery, [deliveryRoutes.name, deliveryRoutes.truck, users.username]),
      sortable: {
        id: deliveryRoutes.id,
        name: deliveryRoutes.name,
        driver: users.username,
        truck: deliveryRoutes.truck,
      },
      order: [asc(deliveryRoutes.name), asc(deliveryRoutes.id)],
    });
  },

  async find(db: Tx, id: number, lock = false): Promise<RouteRow | undefined> {
    const query = select(db, columns).where(eq(deliveryRoutes.id, id));
    const [row] = lock ? await query.for('update', { of: deliveryRoutes }) : await query;
    return row;
  },

  /** The route a user drives (one at most). */
  async findByDriver(db: Tx, driverId: number): Promise<RouteRow | undefined> {
    const [row] = await select(db, columns).where(eq(deliveryRoutes.driverId, driverId));
    return row;
  },

  /** The stops of some routes, by route, weekday and position, with each customer's name. */
  stops(db: Tx, routeIds: number[]): Promise<StopRow[]> {
    if (routeIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        routeId: routeStops.routeId,
        weekday: routeStops.weekday,
        position: routeStops.position,
        customerID: routeStops.customerId,
        customer: customers.company,
        customerDeleted: sql<boolean>`${customers.deletedAt} is not null`,
      })
      .from(routeStops)
      .innerJoin(customers, eq(customers.id, routeStops.customerId))
      .where(inArray(routeStops.routeId, routeIds))
      .orderBy(asc(routeStops.routeId), asc(routeStops.weekday), asc(routeStops.position));
  },

  async insert(db: Tx, values: typeof deliveryRoutes.$inferInsert) {
    const [row] = await db.insert(deliveryRoutes).values(values).returning({ id: deliveryRoutes.id });
    return row.id;
  },

  async update(db: Tx, id: number, values: Partial<typeof deliveryRoutes.$inferInsert>) {
    await db.update(deliveryRoutes).set(values).where(eq(deliveryRoutes.id, id));
  },

  async remove(db: Tx, id: number) {
    await db.delete(deliveryRoutes).where(eq(deliveryRoutes.id, id));
  },

  /** Replaces a route's stops: per weekday, positions 1, 2, … in the order given. */
  async replaceStops(db: Tx, routeId: number, stops: { weekday: number; customerID: number }[]) {
    await db.delete(routeStops).where(eq(routeStops.routeId, routeId));
    if (stops.length === 0) return;
    const next = new Map<number, number>();
    const rows = stops.map((s) => {
      const position = (next.get(s.weekday) ?? 0) + 1;
      next.set(s.weekday, position);
      return { routeId, weekday: s.weekday, position, customerId: s.customerID };
    });
    await db.insert(routeStops).values(rows);
  },

  /** Which of these customers exist and are not deleted. */
  async activeCustomers(db: Tx, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(inArray(customers.id, ids), isNull(customers.deletedAt)));
    return new Set(rows.map((r) => r.id));
  },

  /** A route's stops of one weekday with what the driver needs at the door (deleted customers left out). */
  dayStops(db: Tx, routeId: number, weekday: number) {
    return db
      .select({
        position: routeStops.position,
        customerID: customers.id,
        customer: customers.company,
        address: customers.address,
        city: customers.city,
        state: customers.state,
        postalCode: customers.postalCode,
        country: customers.country,
        name: customers.name,
        email: customers.email,
        phone: customers.phone,
        openBalance: openBalanceOf(customers.id),
        creditLimit: customers.creditLimit,
        priceGroupID: customers.priceGroupId,
      })
      .from(routeStops)
      .innerJoin(customers, eq(customers.id, routeStops.customerId))
      .where(and(eq(routeStops.routeId, routeId), eq(routeStops.weekday, weekday), isNull(customers.deletedAt)))
      .orderBy(asc(routeStops.position));
  },

  /** The active catalog as a device scans and prices it (cents), by id. */
  catalog(db: Tx) {
    return db
      .select({
        id: products.id,
        name: products.name,
        barcode: products.barcode,
        boxBarcode: products.boxBarcode,
        unitQuantity: products.unitQuantity,
        category: products.category,
        costPrice: products.costPrice,
        sellingPrice: products.sellingPrice,
        suggestedRetailPrice: products.suggestedRetailPrice,
      })
      .from(products)
      .where(isNull(products.deletedAt))
      .orderBy(asc(products.id));
  },

  /** The items of some customer price groups (cents), for active products. */
  groupPrices(db: Tx, groupIds: number[]) {
    if (groupIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        priceGroupID: priceGroupItems.priceGroupId,
        productID: priceGroupItems.productId,
        price: priceGroupItems.price,
        suggestedRetailPrice: priceGroupItems.suggestedRetailPrice,
      })
      .from(priceGroupItems)
      .innerJoin(products, eq(products.id, priceGroupItems.productId))
      .where(and(inArray(priceGroupItems.priceGroupId, groupIds), isNull(products.deletedAt)))
      .orderBy(asc(priceGroupItems.priceGroupId), asc(priceGroupItems.productId));
  },
};
