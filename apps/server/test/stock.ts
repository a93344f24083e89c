import { isoWeekday, todayIn } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
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
   * The rule the roll-up must hold after anything: on hand per product and location (folded
   * levels plus pending deltas) equals the sum of the ledger's movements, and equals it folded.
   */
  async function expectLevelsEqualLedger() {
    const db = t.database.db;
    const compare = sql`
      select coalesce(l.product_id, m.product_id) as product_id, coalesce(l.location_id, m.location_id) as location_id,
        coalesce(l.q, 0)::bigint as levels, coalesce(m.q, 0)::bigint as ledger
      from (select product_id, location_id, sum(q) as q from (
              select product_id, location_id, quantity as q from stock_levels
              union all select product_id, location_id, quantity from stock_level_deltas) x group by 1, 2) l
      full join (select product_id, location_id, sum(quantity) as q from stock_movements group by 1, 2) m
        on m.product_id = l.product_id and m.location_id = l.location_id
      where coalesce(l.q, 0) <> coalesce(m.q, 0)`;
    const pending = (await db.execute(compare)) as unknown as { rows: unknown[] };
    expect(pending.rows).toEqual([]);
    await foldRollups(db);
    const folded = (await db.execute(compare)) as unknown as { rows: unknown[] };
    expect(folded.rows).toEqual([]);
    const deltas = (await db.execute(sql`select count(*)::int as n from stock_level_deltas`)) as unknown as {
      rows: { n: number }[];
    };
    expect(deltas.rows[0].n).toBe(0);
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
