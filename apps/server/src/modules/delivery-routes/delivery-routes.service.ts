import {
  type DayRoute,
  HOUSE_BILLER_ID,
  isoWeekday,
  type ListFilter,
  MESSAGES,
  ROUTE_MESSAGES,
  type Route,
  type RouteDownload,
  type routeDownloadBody,
  type routeInput,
  type routeUpdateInput,
  type routeVisitBody,
  toDollars,
  todayIn,
  usesGroupPrices,
} from '@wd/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { billersRepository } from '../billers/billers.repository.js';
import { toParty } from '../invoice-documents/invoice-document.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { stockRepository } from '../stock/stock.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { type RouteRow, deliveryRoutesRepository as repo, type StopRow } from './delivery-routes.repository.js';
import { createNumberBlocksService } from './number-blocks.service.js';
import { routeProgressRepository as progressRepo } from './route-progress.repository.js';

type Input = z.output<typeof routeInput>;
type UpdateInput = z.output<typeof routeUpdateInput>;
type Stops = Input['stops'];

interface StoredRoute extends RouteRow {
  stops: StopRow[];
}

function toRoute(row: StoredRoute): Route {
  const stopsPerDay = [0, 0, 0, 0, 0, 0, 0];
  for (const s of row.stops) stopsPerDay[s.weekday - 1] += 1;
  return {
    id: row.id,
    name: row.name,
    driverID: row.driverID,
    driver: row.driver,
    truck: row.truck,
    stops: row.stops.map(({ routeId: _, ...s }) => s),
    stopsPerDay,
  };
}

/** A route's audit trail: the route as the API answers it, stops included. */
const routeTrail = auditTrail('route', toRoute);

export function createDeliveryRoutesService(ctx: AppContext) {
  const { db, config } = ctx;
  const today = () => todayIn(config.timeZone);
  const numbers = createNumberBlocksService(ctx);

  async function stored(tx: Tx, id: number, lock = false): Promise<StoredRoute> {
    const row = await repo.find(tx, id, lock);
    if (!row) throw new NotFoundError(ROUTE_MESSAGES.routeNotFound);
    return { ...row, stops: await repo.stops(tx, [id]) };
  }

  /** The driver must be a user marked as a driver who drives no other route. */
  async function checkDriver(tx: Tx, driverId: number, routeId?: number) {
    const driver = await usersRepository.findById(tx, driverId);
    if (!driver) throw new NotFoundError(ROUTE_MESSAGES.driverNotFound);
    if (!driver.driver) throw new ValidationError(ROUTE_MESSAGES.notADriver(driver.username), 'driverID');
    const other = await repo.findByDriver(tx, driverId);
    if (other && other.id !== routeId) {
      throw new ConflictError(ROUTE_MESSAGES.driverTaken(driver.username, other.name), 'driverID');
    }
  }

  async function dayOf(tx: Tx, user: AuthUser): Promise<DayRoute> {
    const date = today();
    const weekday = isoWeekday(date);
    const route = await repo.findByDriver(tx, user.id);
    if (!route) return { date, weekday, route: null, stops: [] };
    const stops = await repo.dayStops(tx, route.id, weekday);
    return {
      date,
      weekday,
      route: { id: route.id, name: route.name, truck: route.truck },
      stops: stops.map((s) => ({
        position: s.position,
        customerID: s.customerID,
        customer: s.customer,
        address: s.address,
        city: s.city,
        phone: s.phone,
        party: toParty({ ...s, id: s.customerID, company: s.customer }),
        openBalance: toDollars(s.openBalance),
        creditLimit: toDollars(s.creditLimit),
        priceGroupID: s.priceGroupID,
      })),
    };
  }

  /** Every stop's customer must exist and not be deleted. */
  async function checkStops(tx: Tx, stops: Stops) {
    const ids = [...new Set(stops.map((s) => s.customerID))];
    const found = await repo.activeCustomers(tx, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new NotFoundError(ROUTE_MESSAGES.customerNotFound(missing));
  }

  /** A unique violation of one-route-per-driver from a concurrent save: the same 409 as the check. */
  function driverConflict(error: unknown): unknown {
    const cause = (error as { cause?: { constraint?: string } }).cause ?? error;
    return (cause as { constraint?: string }).constraint === 'delivery_routes_driver_idx'
      ? new ConflictError('This driver already drives another route', 'driverID')
      : error;
  }

  return {
    async list(filter: ListFilter) {
      const { rows, totalRows } = await repo.list(db, filter);
      const stops = await repo.stops(
        db,
        rows.map((r) => r.id),
      );
      const routes = rows.map((r) => toRoute({ ...r, stops: stops.filter((s) => s.routeId === r.id) }));
      return pageResponse('routes', routes, filter, totalRows);
    },

    async get(id: number) {
      return toRoute(await stored(db, id));
    },

    async create(input: Input, user: AuthUser) {
      return db
        .transaction(async (tx) => {
          await checkDriver(tx, input.driverID);
          await checkStops(tx, input.stops);
          const id = await repo.insert(tx, { name: input.name, driverId: input.driverID, truck: input.truck });
          await repo.replaceStops(tx, id, input.stops);
          const after = await stored(tx, id);
          await routeTrail.create(tx, user.id, id, after);
          return toRoute(after);
        })
        .catch((error) => {
          throw driverConflict(error);
        });
    },

    async update({ id, name, driverID, truck, stops }: UpdateInput, user: AuthUser) {
      return db
        .transaction(async (tx) => {
          const before = await stored(tx, id, true);
          if (driverID !== undefined && driverID !== before.driverID) await checkDriver(tx, driverID, id);
          if (stops) await checkStops(tx, stops);
          if (name !== undefined || driverID !== undefined || truck !== undefined) {
            await repo.update(tx, id, { name, driverId: driverID, truck });
          }
          if (stops) await repo.replaceStops(tx, id, stops);
          const after = await stored(tx, id);
          await routeTrail.update(tx, user.id, id, before, after);
          return toRoute(after);
        })
        .catch((error) => {
          throw driverConflict(error);
        });
    },

    async delete(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        const before = await stored(tx, id, true);
        await repo.remove(tx, id);
        await routeTrail.delete(tx, user.id, id, before);
      });
      return { message: MESSAGES.deleted };
    },

    /** The signed-in driver's stops of today (the business day in the configured time zone). */
    day(user: AuthUser): Promise<DayRoute> {
      return dayOf(db, user);
    },

    /**
     * The morning download, in one transaction: today's stops, the active catalog, the group
     * prices of the stops' price groups (the default group has none), the settings and the
     * device's block of numbers.
     */
    async download(body: z.output<typeof routeDownloadBody>, user: AuthUser): Promise<RouteDownload> {
      return db.transaction(async (tx) => {
        const day = await dayOf(tx, user);
        const groups = [...new Set(day.stops.map((s) => s.priceGroupID))].filter(usesGroupPrices);
        const catalog = await repo.catalog(tx);
        const groupPrices = await repo.groupPrices(tx, groups);
        const settings = await settingsRepository.read(tx);
        const house = await billersRepository.find(tx, HOUSE_BILLER_ID);
        const block = await numbers.reserveIn(tx, body.deviceID, body.blockSize, user);
        const truck = await stockRepository.truckOfDriver(tx, user.id);
        const truckStock = truck
          ? (await stockRepository.onHand(tx, { locationId: truck })).map(({ productID, quantity }) => ({
              productID,
              quantity,
            }))
          : [];
        return {
          downloadedAt: new Date().toISOString(),
          day,
          products: catalog.map((p) => ({
            ...p,
            costPrice: toDollars(p.costPrice),
            sellingPrice: toDollars(p.sellingPrice),
            suggestedRetailPrice: toDollars(p.suggestedRetailPrice),
          })),
          groupPrices: groupPrices.map((g) => ({
            ...g,
            price: toDollars(g.price),
            suggestedRetailPrice: toDollars(g.suggestedRetailPrice),
          })),
          settings,
          biller: house
            ? { ...toParty(house), logo: '' }
            : { id: HOUSE_BILLER_ID, company: '', name: '', addressLines: [], phone: '', email: '', logo: '' },
          block,
          truckStock,
        };
      });
    },

    /** A stop skipped on a device (or taken back): only a stop of the driver's own route. */
    async visit(input: z.output<typeof routeVisitBody>, user: AuthUser) {
      return db.transaction(async (tx) => {
        const route = await repo.findByDriver(tx, user.id);
        const stops = route ? await repo.stops(tx, [route.id]) : [];
        if (!stops.some((s) => s.customerID === input.customerID)) throw new NotFoundError(ROUTE_MESSAGES.notOnRoute);
        await progressRepo.saveVisit(tx, {
          userId: user.id,
          day: input.date,
          customerId: input.customerID,
          deviceId: input.deviceID,
          state: input.state,
          reason: input.reason,
          at: new Date(input.at),
        });
        return { message: ROUTE_MESSAGES.visitSaved };
      });
    },

    /** Each route's day so far (today unless asked), in dollars. */
    async progress(date: string | undefined) {
      const day = date ?? today();
      const rows = await progressRepo.progress(db, day, isoWeekday(day));
      return {
        date: day,
        routes: rows.map((r) => ({ ...r, sold: toDollars(r.sold), collected: toDollars(r.collected) })),
      };
    },
  };
}

export type DeliveryRoutesService = ReturnType<typeof createDeliveryRoutesService>;
