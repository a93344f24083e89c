import type { StockLevelFilter, StockMovementFilter } from '@wd/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import {
  deliveryRoutes,
  invoices,
  products,
  stockLevels,
  stockLocations,
  stockMovements,
  supplierInvoices,
  users,
} from '../../db/schema/index.js';
import { listPage, searchCondition } from '../../lib/list.js';

export interface LocationRow {
  id: number;
  kind: 'warehouse' | 'damaged' | 'truck';
  name: string;
  routeID: number | null;
  route: string;
}

export interface MovementRow {
  id: number;
  createdAt: Date;
  productID: number;
  product: string;
  locationID: number;
  location: string;
  quantity: number;
  kind: string;
  source: string;
  sourceID: number;
  invoiceNo: string | null;
  supplierInvoiceNo: string | null;
  note: string;
  user: string;
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

const levelColumns = {
  productID: products.id,
  product: products.name,
  barcode: products.barcode,
  category: products.category,
  locationID: stockLocations.id,
  location: stockLocations.name,
  quantity: sql<number>`${stockLevels.quantity}`.mapWith(Number),
  costPrice: products.costPrice,
};

const levelSortable = {
  product: products.name,
  barcode: products.barcode,
  category: products.category,
  location: stockLocations.name,
  quantity: stockLevels.quantity,
  costPrice: products.costPrice,
  value: sql`${stockLevels.quantity} * ${products.costPrice}`,
};

const movementColumns = {
  id: stockMovements.id,
  createdAt: stockMovements.createdAt,
  productID: stockMovements.productId,
  product: products.name,
  locationID: stockMovements.locationId,
  location: stockLocations.name,
  quantity: stockMovements.quantity,
  kind: stockMovements.kind,
  source: stockMovements.source,
  sourceID: sql<number>`coalesce(${stockMovements.sourceId}, 0)`.mapWith(Number),
  invoiceNo: invoices.invoiceNo,
  supplierInvoiceNo: supplierInvoices.invoiceNo,
  note: stockMovements.note,
  user: sql<string>`coalesce(${users.username}, '')`,
};

function selectMovements(db: Tx, fields: SelectedFields) {
  return db
    .select(fields)
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .innerJoin(stockLocations, eq(stockLocations.id, stockMovements.locationId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .leftJoin(invoices, and(eq(stockMovements.source, 'invoice'), eq(invoices.id, stockMovements.sourceId)))
    .leftJoin(
      supplierInvoices,
      and(eq(stockMovements.source, 'supplier_invoice'), eq(supplierInvoices.id, stockMovements.sourceId)),
    );
}

/** One advisory lock per location for counts: two counts of one shelf never both adjust from the same figure. */
const COUNT_LOCK = 1_937_007_467;

export const stockRepository = {
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
   * One page of on-hand rows, with the count and totals over all of them. The roll-up is folded
   * first, so the page counts every movement committed before it. With `includeZero`, every active
   * product is listed at the location, the ones never stocked there at 0.
   */
  async levels(db: Tx, filter: StockLevelFilter) {
    await foldRollups(db);
    const search = searchCondition(filter.searchQuery, [products.name, products.barcode, products.category]);
    if (filter.includeZero) {
      const quantity = sql<number>`coalesce(${stockLevels.quantity}, 0)`.mapWith(Number);
      const from = (fields: SelectedFields) =>
        db
          .select(fields)
          .from(products)
          .innerJoin(stockLocations, eq(stockLocations.id, filter.locationID))
          .leftJoin(
            stockLevels,
            and(eq(stockLevels.productId, products.id), eq(stockLevels.locationId, filter.locationID)),
          );
      return listPage(filter, {
        from,
        columns: { ...levelColumns, quantity },
        where: and(sql`${products.deletedAt} is null`, search),
        sortable: { ...levelSortable, quantity, value: sql`${quantity} * ${products.costPrice}` },
        order: [asc(products.name), asc(products.id)],
        totals: { quantity, value: sql`${quantity} * ${products.costPrice}` },
      });
    }
    const from = (fields: SelectedFields) =>
      db
        .select(fields)
        .from(stockLevels)
        .innerJoin(products, eq(products.id, stockLevels.productId))
        .innerJoin(stockLocations, eq(stockLocations.id, stockLevels.locationId));
    return listPage(filter, {
      from,
      columns: levelColumns,
      where: and(
        filter.locationID ? eq(stockLevels.locationId, filter.locationID) : undefined,
        sql`${stockLevels.quantity} <> 0`,
        search,
      ),
      sortable: levelSortable,
      order: [asc(products.name), asc(stockLocations.id)],
      totals: { quantity: sql`${stockLevels.quantity}`, value: sql`${stockLevels.quantity} * ${products.costPrice}` },
    });
  },

  /**
   * A product's on hand per location: the folded level plus the movements not folded yet (read by
   * the deltas' product index), so no fold is needed.
   */
  async productLevels(db: Tx, productId: number): Promise<Map<number, number>> {
    const rows = await db.execute<{ location_id: number; quantity: string }>(sql`
      select location_id, sum(quantity)::bigint as quantity from (
        select location_id, quantity from stock_levels where product_id = ${productId}
        union all
        select location_id, quantity from stock_level_deltas where product_id = ${productId}
      ) s group by location_id`);
    const found = (rows as unknown as { rows: { location_id: number; quantity: string }[] }).rows;
    return new Map(found.map((r) => [Number(r.location_id), Number(r.quantity)]));
  },

  /** On hand of some products at one location (levels plus pending deltas). */
  async onHandAt(db: Tx, locationId: number, productIds: number[]): Promise<Map<number, number>> {
    if (productIds.length === 0) return new Map();
    const ids = sql.join(
      productIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await db.execute<{ product_id: number; quantity: string }>(sql`
      select product_id, sum(quantity)::bigint as quantity from (
        select product_id, quantity from stock_levels where location_id = ${locationId} and product_id in (${ids})
        union all
        select product_id, quantity from stock_level_deltas where location_id = ${locationId} and product_id in (${ids})
      ) s group by product_id`);
    const found = (rows as unknown as { rows: { product_id: number; quantity: string }[] }).rows;
    return new Map(found.map((r) => [Number(r.product_id), Number(r.quantity)]));
  },

  /** Every product with a quantity other than 0 at a location (levels plus pending deltas). */
  async onHandAtLocation(db: Tx, locationId: number): Promise<{ productID: number; quantity: number }[]> {
    const rows = await db.execute(sql`
      select product_id, sum(quantity)::bigint as quantity from (
        select product_id, quantity from stock_levels where location_id = ${locationId}
        union all
        select product_id, quantity from stock_level_deltas where location_id = ${locationId}
      ) s group by product_id having sum(quantity) <> 0 order by product_id`);
    const found = (rows as unknown as { rows: { product_id: number; quantity: string }[] }).rows;
    return found.map((r) => ({ productID: Number(r.product_id), quantity: Number(r.quantity) }));
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
   * One page of the ledger. Without a search, the filter is on the ledger's own columns: the
   * page's ids are read first from the product (or location) index in id order and only those
   * rows joined, and the count reads the ledger alone (the joins cannot change it).
   */
  async movements(db: Tx, filter: StockMovementFilter) {
    const own = and(
      filter.productID ? eq(stockMovements.productId, filter.productID) : undefined,
      filter.locationID ? eq(stockMovements.locationId, filter.locationID) : undefined,
      filter.kind ? eq(stockMovements.kind, filter.kind) : undefined,
    );
    const search = searchCondition(filter.searchQuery, [products.name, stockMovements.note, invoices.invoiceNo]);
    const { rows, totalRows } = await listPage(filter, {
      from: (fields: SelectedFields) => selectMovements(db, fields),
      columns: movementColumns,
      where: and(own, search),
      sortable: { createdAt: stockMovements.id, quantity: stockMovements.quantity, kind: stockMovements.kind },
      order: [desc(stockMovements.id)],
      page: search
        ? undefined
        : (order, limit, offset) => {
            const ids = db
              .select({ id: stockMovements.id })
              .from(stockMovements)
              .where(own)
              .orderBy(...order)
              .limit(limit)
              .offset(offset);
            return selectMovements(db, movementColumns)
              .where(inArray(stockMovements.id, ids))
              .orderBy(...order);
          },
      aggregate: search
        ? undefined
        : async () => {
            const [row] = await db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(stockMovements)
              .where(own);
            return { totalRows: row.n, totals: {} };
          },
    });
    return { rows: rows as unknown as MovementRow[], totalRows };
  },

  async movementsByIds(db: Tx, ids: number[]): Promise<MovementRow[]> {
    if (ids.length === 0) return [];
    const rows = await selectMovements(db, movementColumns)
      .where(inArray(stockMovements.id, ids))
      .orderBy(asc(stockMovements.id));
    return rows as unknown as MovementRow[];
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
