import { isoWeekday, todayIn } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { foldRollups } from '../src/db/rollups.js';
import type { TestApp } from './helpers.js';

/** The stock tests' calls and checks on one test app. */
export function stockKit(t: TestApp) {
  const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
    const res = await t.call(method as 'POST', url, body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** On hand per location of a product, as the API answers it. */
  async function stockOf(productID: number): Promise<Record<string, number>> {
    const { stock } = await ok('GET', `/api/stock/product/${productID}/`, undefined);
    return Object.fromEntries(
      stock.locations.map((l: { location: string; quantity: number }) => [l.location, l.quantity]),
    );
  }

  /**
   * The rules the roll-ups must hold after anything: on hand per product and location (folded
   * levels plus pending deltas) equals the sum of the ledger's movements, and the movement counts
   * per product, location and kind, and per location and kind over every product (product 0),
   * equal the ledger's counts; both before and after a fold, which leaves no delta behind. After
   * the fold, each product's sellable stock (stock_sellable) is its warehouse's and trucks' levels.
   */
  async function expectLevelsEqualLedger() {
    const db = t.database.db;
    const levels = sql`
      select coalesce(l.product_id, m.product_id) as product_id, coalesce(l.location_id, m.location_id) as location_id,
        coalesce(l.q, 0)::bigint as levels, coalesce(m.q, 0)::bigint as ledger
      from (select product_id, location_id, sum(q) as q from (
              select product_id, location_id, quantity as q from stock_levels
              union all select product_id, location_id, quantity from stock_level_deltas) x group by 1, 2) l
      full join (select product_id, location_id, sum(quantity) as q from stock_movements group by 1, 2) m
        on m.product_id = l.product_id and m.location_id = l.location_id
      where coalesce(l.q, 0) <> coalesce(m.q, 0)`;
    const counts = sql`
      select coalesce(c.product_id, m.product_id) as product_id, coalesce(c.location_id, m.location_id) as location_id,
        coalesce(c.kind, m.kind) as kind, coalesce(c.n, 0)::bigint as counted, coalesce(m.n, 0)::bigint as ledger
      from (select product_id, location_id, kind, sum(n) as n from (
              select product_id, location_id, kind, movements as n from stock_movement_counts
              union all select product_id, location_id, kind, movements from stock_movement_count_deltas
              union all select 0, location_id, kind, movements from stock_movement_count_deltas) x
            group by 1, 2, 3) c
      full join (select coalesce(product_id, 0) as product_id, location_id, kind, count(*) as n from stock_movements
                 group by grouping sets ((product_id, location_id, kind), (location_id, kind))) m
        on m.product_id = c.product_id and m.location_id = c.location_id and m.kind = c.kind
      where coalesce(c.n, 0) <> coalesce(m.n, 0)`;
    // The movements per block of ids (migration 0078): per location and kind, and over every one.
    const blocks = sql`
      select coalesce(c.block, m.block) as block, coalesce(c.location_id, m.location_id) as location_id,
        coalesce(c.kind, m.kind) as kind, coalesce(c.n, 0)::bigint as counted, coalesce(m.n, 0)::bigint as ledger
      from (select block, location_id, kind, sum(n) as n from (
              select block, location_id, kind, movements as n from stock_movement_blocks
              union all select block, location_id, kind, movements from stock_movement_block_deltas
              union all select block, 0, '*', movements from stock_movement_block_deltas) x
            group by 1, 2, 3) c
      full join (select id / 4096 as block, coalesce(location_id, 0) as location_id, coalesce(kind, '*') as kind,
                   count(*) as n from stock_movements
                 group by grouping sets ((id / 4096, location_id, kind), (id / 4096))) m
        on m.block = c.block and m.location_id = c.location_id and m.kind = c.kind
      where coalesce(c.n, 0) <> coalesce(m.n, 0)`;
    const sellable = sql`
      select coalesce(s.product_id, l.product_id) as product_id, s.warehouse, s.trucks, l.warehouse as levels_warehouse,
        l.trucks as levels_trucks
      from stock_sellable s
      full join (select l.product_id, sum(l.quantity) filter (where k.kind = 'warehouse') as warehouse,
                   sum(l.quantity) filter (where k.kind = 'truck') as trucks
                 from stock_levels l join stock_locations k on k.id = l.location_id group by 1) l
        on l.product_id = s.product_id
      where coalesce(s.warehouse, 0) <> coalesce(l.warehouse, 0) or coalesce(s.trucks, 0) <> coalesce(l.trucks, 0)`;
    const differing = async () => [
      ...rowsOf(await db.execute(levels)),
      ...rowsOf(await db.execute(counts)),
      ...rowsOf(await db.execute(blocks)),
    ];
    expect(await differing()).toEqual([]);
    await foldRollups(db);
    expect(await differing()).toEqual([]);
    expect(rowsOf(await db.execute(sellable))).toEqual([]);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select (select count(*) from stock_level_deltas) + (select count(*) from stock_movement_count_deltas)
          + (select count(*) from stock_movement_block_deltas) as n`,
      ),
    );
    expect(Number(left.n)).toBe(0);
  }

  return { ok, stockOf, expectLevelsEqualLedger };
}

/** What stockRoute sets up: a driver, his route with one stop today, and its truck. */
export interface StockRoute {
  driver: { id: number; token: string };
  truckId: number;
  routeId: number;
  storeId: number;
}

/**
 * Before the file's tests: a driver ("driver.stock"), the store Express Mart #124 and the route
 * North loop (Truck 12) that stops there today. The answer is filled in by then.
 */
export function stockRoute(t: TestApp): StockRoute {
  const { ok } = stockKit(t);
  const route = { driver: { id: 0, token: '' }, truckId: 0, routeId: 0, storeId: 0 };
  beforeAll(async () => {
    route.driver = await t.createUser('driver.stock');
    await ok('PATCH', '/api/user/update/', { id: route.driver.id, driver: true });
    route.storeId = (await ok('POST', '/api/customer/new/', { company: 'Express Mart #124' })).customer.id;
    const created = await ok('POST', '/api/route/new/', {
      name: 'North loop',
      driverID: route.driver.id,
      truck: 'Truck 12',
      stops: [{ weekday: isoWeekday(todayIn('America/Chicago')), customerID: route.storeId }],
    });
    route.routeId = created.route.id;
    const { locations } = await ok('POST', '/api/stock/locations/', undefined);
    route.truckId = locations.find((l: { routeID: number | null }) => l.routeID === route.routeId).id;
  });
  return route;
}
