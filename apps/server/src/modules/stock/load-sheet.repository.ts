import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { customers, deliveryRoutes, routeStops, stockLocations, users } from '../../db/schema/index.js';

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
   * Every product of the sheet in one statement: those the route's stops of the weekday bought
   * from `from` to `to` (both included: the lines sold, positive quantities, of their invoices and
   * consignment invoices that are not NEW, read by the invoices' customer index) and those on the
   * truck now, each with the units sold, on the truck and in the warehouse (folded levels plus
   * pending deltas, as a product's stock reads them; the warehouse's summed once and joined, not
   * looked up per product: 0.7 of 3.7 ms at 531 products). Deleted products are left out: nothing
   * is loaded of those. Six statements one after another before, two of them with every product
   * id as a parameter.
   */
  async lines(
    db: Tx,
    q: { routeId: number; weekday: number; truckId: number; warehouseId: number; from: string; to: string },
  ): Promise<
    { productID: number; product: string; barcode: string; sold: number; onTruck: number; inWarehouse: number }[]
  > {
    const onHand = (location: number) => sql`
      select product_id, sum(quantity)::bigint as q from (
        select product_id, quantity from stock_levels where location_id = ${location}
        union all
        select product_id, quantity from stock_level_deltas where location_id = ${location}) s
      group by 1`;
    const result = await db.execute(sql`
      with stop_customers as (
        select rs.customer_id from route_stops rs join customers c on c.id = rs.customer_id
        where rs.route_id = ${q.routeId} and rs.weekday = ${q.weekday} and c.deleted_at is null
      ), sold as (
        select ii.product_id, sum(ii.quantity)::bigint as q
        from invoices i join invoice_items ii on ii.invoice_id = i.id
        where i.customer_id in (select customer_id from stop_customers)
          and i.date >= ${q.from}::date and i.date <= ${q.to}::date and i.status <> 'NEW'
          and ii.product_id is not null and ii.quantity > 0
        group by 1
      ), truck as (
        select product_id, q from (${onHand(q.truckId)}) t where q <> 0
      ), warehouse as (${onHand(q.warehouseId)}
      ), ids as (
        select product_id from sold union select product_id from truck
      )
      select p.id, p.name, p.barcode, coalesce(sold.q, 0) as sold, coalesce(truck.q, 0) as on_truck,
        coalesce(warehouse.q, 0) as in_warehouse
      from ids join products p on p.id = ids.product_id and p.deleted_at is null
      left join sold on sold.product_id = p.id
      left join truck on truck.product_id = p.id
      left join warehouse on warehouse.product_id = p.id`);
    return rowsOf<{ id: number; name: string; barcode: string; sold: string; on_truck: string; in_warehouse: string }>(
      result,
    ).map((r) => ({
      productID: Number(r.id),
      product: r.name,
      barcode: r.barcode,
      sold: Number(r.sold),
      onTruck: Number(r.on_truck),
      inWarehouse: Number(r.in_warehouse),
    }));
  },
};
