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
import { stockRepository } from './stock.repository.js';

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
      const stops = await repo.stops(tx, route.id, weekday);
      const sold = await repo.sold(
        tx,
        stops.map((s) => s.customerID),
        from,
        to,
      );
      const truck = await stockRepository.onHand(tx, { locationId: route.locationID });
      const usual = new Map(sold.map((s) => [s.productID, usualPerVisit(s.quantity, input.weeks)]));
      const onTruck = new Map(truck.map((t) => [t.productID, t.quantity]));
      const ids = [...new Set([...usual.keys(), ...onTruck.keys()])];
      const warehouse = new Map(
        (await stockRepository.onHand(tx, { locationId: WAREHOUSE_ID, productIds: ids })).map((w) => [
          w.productID,
          w.quantity,
        ]),
      );
      const lines: LoadSheetLine[] = (await repo.products(tx, ids))
        .map((p) => {
          const u = usual.get(p.id) ?? 0;
          const t = onTruck.get(p.id) ?? 0;
          return {
            productID: p.id,
            product: p.name,
            barcode: p.barcode,
            usual: u,
            onTruck: t,
            inWarehouse: warehouse.get(p.id) ?? 0,
            suggested: suggestedLoad(u, t),
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
