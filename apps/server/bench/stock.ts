import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { deliveryRoutes, stockLevels, stockLocations, stockMovements } from '../src/db/schema/index.js';
import type { BenchScenario } from './scenarios.js';

/** The stock report's and the ledger's page size when the screen sends none (the list default). */
const PAGE = 10;
/** A search that keeps most of the stock report (3,755 of ~4,000 rows at 200,000 invoices). */
const BROAD = 'pack';

const list = (name: string, path: string, body: object): BenchScenario => ({
  name: `stock ${name}`,
  method: 'POST',
  requests: [{ path, body }],
  sql: true,
});

/**
 * Stock (docs/stock.md) and the settlements list (docs/settlement.md), as the Stock screens send
 * them; every name starts with "stock", so `BENCH_ONLY=stock` runs them (and the baselines).
 * A product's stock cycles over the 10 products with the most movements (~2,000 each at
 * 200,000 invoices); the ledger cases page through the one with the most, and the ledger as
 * the Stock Movements screen opens (every movement). At scale, run
 * bench/stock-baseline.sql once after the seed (trucks, an opening count, loads, settlements).
 */
export async function stockScenarios({ db }: { db: Db }): Promise<BenchScenario[]> {
  const busiest = await db
    .select({ id: stockMovements.productId, movements: sql<number>`count(*)`.mapWith(Number) })
    .from(stockMovements)
    .groupBy(stockMovements.productId)
    .orderBy(desc(sql`count(*)`), stockMovements.productId)
    .limit(10);
  if (busiest.length === 0) return [];
  const [top] = busiest;
  const [{ onHand }] = await db
    .select({ onHand: sql<number>`count(*)`.mapWith(Number) })
    .from(stockLevels)
    .where(sql`${stockLevels.quantity} <> 0`);
  const [warehouse] = await db
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(eq(stockLocations.kind, 'warehouse'));
  const [route] = await db.select({ id: deliveryRoutes.id }).from(deliveryRoutes).orderBy(deliveryRoutes.id).limit(1);
  // A weekday: the baseline's stops are Monday to Friday.
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const loadDay = monday.toISOString().slice(0, 10);
  const lastPage = (rows: number) => Math.max(1, Math.ceil(rows / PAGE));
  const levels = '/api/stock/levels/';
  const movements = '/api/stock/movements/';
  return [
    {
      name: `stock product/{id} (~${top.movements} movements)`,
      method: 'GET',
      requests: busiest.map((p) => ({ path: `/api/stock/product/${p.id}` })),
      sql: true,
    },
    list('levels default (all locations)', levels, {}),
    list('levels warehouse', levels, { locationID: warehouse.id }),
    list(`levels search '${BROAD}'`, levels, { searchQuery: BROAD }),
    list(`levels last page (${lastPage(onHand)})`, levels, { currentPage: lastPage(onHand) }),
    list('levels sorted by value desc', levels, { sortingList: [{ column: 'value', order: 'desc' }] }),
    list('levels warehouse, includeZero', levels, { locationID: warehouse.id, includeZero: true }),
    list(`movements product ${top.id}, page 1`, movements, { productID: top.id }),
    list(`movements product ${top.id}, last page (${lastPage(top.movements)})`, movements, {
      productID: top.id,
      currentPage: lastPage(top.movements),
    }),
    // The Stock Movements screen opened from the menu: no product, location or kind.
    list('movements default (no filter)', movements, {}),
    list('settlement/all default', '/api/settlement/all/', {}),
    list('reorder (below their level)', '/api/stock/reorder/', {}),
    list('reorder all with a level, sorted by short desc', '/api/stock/reorder/', {
      all: true,
      sortingList: [{ column: 'short', order: 'desc' }],
    }),
    ...(route
      ? [list(`loadSheet route ${route.id}, 4 weeks`, '/api/stock/loadSheet/', { routeID: route.id, date: loadDay })]
      : []),
    list('levels below zero', levels, { belowZero: true }),
  ];
}
