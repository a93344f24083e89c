import {
  addDays,
  isoWeekday,
  LOAD_SHEET_MESSAGES,
  type LoadSheet,
  type LoadSheetLine,
  type loadSheetBody,
  WAREHOUSE_ID,
} from '@wd/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { loadSheetRepository as repo } from './load-sheet.repository.js';

/**
 * The usual quantity of a product for the day: what the stops bought over the weeks, per week,
 * rounded up (a stop of a weekday is visited once a week, so that is one visit's worth).
 */
export function usualPerVisit(sold: number, weeks: number): number {
  return sold <= 0 ? 0 : Math.ceil(sold / weeks);
}

/** What to load: the usual quantity less what is on the truck already, never below 0. */
export function suggestedLoad(usual: number, onTruck: number): number {
  return Math.max(0, usual - Math.max(0, onTruck));
}

/**
 * The morning load sheet of a route's truck (docs/stock.md): the stops of the day's weekday,
 * what they bought over the last weeks (the weeks before the day), what is on the truck and in
 * the warehouse now, and the suggested load. Products on the truck that nobody usually buys are
 * listed too (suggested 0), so the sheet shows the whole truck.
 */
export function createLoadSheetService({ db }: AppContext) {
  return {
    async get(input: z.output<typeof loadSheetBody>): Promise<LoadSheet> {
      const tx = db;
      const route = await repo.route(tx, input.routeID);
      if (!route) throw new NotFoundError(LOAD_SHEET_MESSAGES.routeNotFound);
      if (!route.locationID) throw new NotFoundError(LOAD_SHEET_MESSAGES.noTruck);
      const weekday = isoWeekday(input.date);
      const from = addDays(input.date, -7 * input.weeks);
      const to = addDays(input.date, -1);
      const [stops, products] = await Promise.all([
        repo.stops(tx, route.id, weekday),
        repo.lines(tx, { routeId: route.id, weekday, truckId: route.locationID, warehouseId: WAREHOUSE_ID, from, to }),
      ]);
      const lines: LoadSheetLine[] = products
        .map((p) => {
          const usual = usualPerVisit(p.sold, input.weeks);
          return {
            productID: p.productID,
            product: p.product,
            barcode: p.barcode,
            usual,
            onTruck: p.onTruck,
            inWarehouse: p.inWarehouse,
            suggested: suggestedLoad(usual, p.onTruck),
          };
        })
        .sort((a, b) => a.product.localeCompare(b.product, 'en-US') || a.productID - b.productID);
      return {
        routeID: route.id,
        route: route.name,
        truck: route.truck,
        locationID: route.locationID,
        driver: route.driver,
        date: input.date,
        weekday,
        weeks: input.weeks,
        from,
        to,
        stops,
        lines,
      };
    },
  };
}
