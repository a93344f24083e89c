import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { deliveryRoutes, products, stockLocations, stockMovements } from '../../db/schema/index.js';
import { stockReportsRepository } from './stock-reports.repository.js';

export interface LocationRow {
  id: number;
  kind: 'warehouse' | 'damaged' | 'truck';
  name: string;
  routeID: number | null;
  route: string;
}

export interface NewMovement {
  productId: number;
  locationId: number;
  quantity: number;
  kind: 'received' | 'loaded' | 'unloaded' | 'counted' | 'settled';
  source: 'supplier_invoice' | 'transfer' | 'count' | 'settlement';
  sourceId?: number | null;
  note: string;
  userId: number;
}

/** One advisory lock per location for counts: two counts of one shelf never both adjust from the same figure. */
const COUNT_LOCK = 1_937_007_467;

export const stockRepository = {
  ...stockReportsRepository,

  /** Takes the location's count lock until the transaction ends. */
  async lockForCount(db: Tx, locationId: number) {
    await db.execute(sql`select pg_advisory_xact_lock(${COUNT_LOCK}, ${locationId})`);
  },

  async locations(db: Tx, ids?: number[]): Promise<LocationRow[]> {
    const rows = await db
      .select({
        id: stockLocations.id,
        kind: stockLocations.kind,
        name: stockLocations.name,
        routeID: stockLocations.routeId,
        route: sql<string>`coalesce(${deliveryRoutes.name}, '')`,
      })
      .from(stockLocations)
      .leftJoin(deliveryRoutes, eq(deliveryRoutes.id, stockLocations.routeId))
      .where(ids ? inArray(stockLocations.id, ids) : undefined)
      .orderBy(asc(stockLocations.id));
    return rows;
  },

  /** The truck of a driver's route, if the driver has one. */
  async truckOfDriver(db: Tx, userId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .innerJoin(deliveryRoutes, eq(deliveryRoutes.id, stockLocations.routeId))
      .where(eq(deliveryRoutes.driverId, userId));
    return row?.id;
  },

  /**
   * On hand per product and location, other than 0: the folded levels plus the movements not
   * folded yet (read by the deltas' indexes), so no fold is needed. Narrowed to a location, to
   * some products, or both.
   */
  async onHand(
    db: Tx,
    where: { locationId?: number; productIds?: number[] },
  ): Promise<{ productID: number; locationID: number; quantity: number }[]> {
    if (where.productIds?.length === 0) return [];
    const ids =
      where.productIds &&
      sql.join(
        where.productIds.map((id) => sql`${id}`),
        sql`, `,
      );
    const filter = sql.join(
      [
        sql`true`,
        where.locationId === undefined ? undefined : sql`location_id = ${where.locationId}`,
        ids ? sql`product_id in (${ids})` : undefined,
      ].filter((c) => c !== undefined),
      sql` and `,
    );
    const rows = await db.execute(sql`
      select product_id, location_id, sum(quantity)::bigint as quantity from (
        select product_id, location_id, quantity from stock_levels where ${filter}
        union all
        select product_id, location_id, quantity from stock_level_deltas where ${filter}
      ) s group by product_id, location_id having sum(quantity) <> 0 order by product_id, location_id`);
    const found = (rows as unknown as { rows: { product_id: number; location_id: number; quantity: string }[] }).rows;
    return found.map((r) => ({
      productID: Number(r.product_id),
      locationID: Number(r.location_id),
      quantity: Number(r.quantity),
    }));
  },

  async products(db: Tx, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: products.id,
        name: products.name,
        barcode: products.barcode,
        costPrice: products.costPrice,
        deletedAt: products.deletedAt,
      })
      .from(products)
      .where(inArray(products.id, ids));
  },

  /**
   * Appends movements in the order given; answers their ids. Only inserts (here and in the
   * trigger's deltas): concurrent writers never wait on each other's rows.
   */
  async insert(db: Tx, rows: NewMovement[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await db
      .insert(stockMovements)
      .values(rows.map((r) => ({ ...r, sourceId: r.sourceId ?? null })))
      .returning({ id: stockMovements.id });
    return inserted.map((r) => r.id);
  },
};
