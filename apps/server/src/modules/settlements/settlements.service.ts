import {
  SETTLEMENT_MESSAGES as M,
  type Settlement,
  type SettlementAdjustInput,
  type SettlementListFilter,
  type SettlementUpdateInput,
  toCents,
  toDollars,
  WAREHOUSE_ID,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { type NewMovement, stockRepository } from '../stock/stock.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { settlementListRepository } from './settlement-list.repository.js';
import { settlementView } from './settlement-view.js';
import { settlementsRepository as repo, type SettlementRowDb } from './settlements.repository.js';

/** A settlement's audit trail: the settlement as the API answers it. */
const settlementTrail = auditTrail('settlement', (s: Settlement) => s);

/**
 * End-of-day settlements (docs/settlement.md). While open, the expected figures are computed
 * from the stock ledger and the driver's payments at each read; closing stores them with what was
 * counted and handed in, sets the truck to its count and unloads it, in one transaction.
 */
export function createSettlementsService({ db }: AppContext) {
  function officeOnly(user: AuthUser) {
    if (user.driver && user.type !== 'admin') throw new ForbiddenError(M.officeOnly);
  }

  async function stored(tx: Tx, id: number, lock = false): Promise<SettlementRowDb> {
    const row = await repo.find(tx, id, lock);
    if (!row) throw new NotFoundError(M.notFound);
    return row;
  }

  return {
    /** The report's CSV statement (office only, like the report). */
    csvQuery(filter: SettlementListFilter, user: AuthUser) {
      officeOnly(user);
      return settlementListRepository.csvQuery(db, filter);
    },

    async list(filter: SettlementListFilter, user: AuthUser) {
      officeOnly(user);
      const { rows, totalRows, totals } = await settlementListRepository.list(db, filter);
      const settlements = (rows as unknown as SettlementRowDb[]).map((r) => ({
        id: r.id,
        date: r.date,
        driverID: r.driverID,
        driver: r.driver,
        truck: r.truck,
        status: r.status,
        stock: toDollars(r.stockOverShort),
        money: toDollars(r.moneyOverShort),
        adjustments: toDollars(r.adjustments),
        overShort: toDollars(r.stockOverShort + r.moneyOverShort + r.adjustments),
        closedAt: r.closedAt ? r.closedAt.toISOString() : null,
      }));
      return {
        ...pageResponse('settlements', settlements, filter, totalRows),
        totals: {
          stock: toDollars(totals.stock),
          money: toDollars(totals.money),
          adjustments: toDollars(totals.adjustments),
          overShort: toDollars(totals.overShort),
        },
      };
    },

    async get(id: number, user: AuthUser): Promise<Settlement> {
      officeOnly(user);
      return (await settlementView(db, await stored(db, id))).settlement;
    },

    /** The driver's settlement of the day: made on first opening, the same one after. */
    async open(driverId: number, day: string, user: AuthUser): Promise<Settlement> {
      officeOnly(user);
      return db.transaction(async (tx) => {
        const driver = await usersRepository.findById(tx, driverId);
        if (!driver) throw new NotFoundError(M.driverNotFound);
        const existing = await repo.findByDriverDay(tx, driverId, day);
        if (existing) return (await settlementView(tx, await stored(tx, existing))).settlement;
        const truck = await stockRepository.truckOfDriver(tx, driverId);
        if (!truck) throw new ConflictError(M.noTruck(driver.username), 'driverID');
        const id = await repo.insert(tx, {
          driverId,
          locationId: truck,
          day,
          sinceMovementId: await repo.lastClosedMovement(tx, truck),
          createdBy: user.id,
        });
        return (await settlementView(tx, await stored(tx, id))).settlement;
      });
    },

    async update(input: SettlementUpdateInput, user: AuthUser): Promise<Settlement> {
      officeOnly(user);
      return db.transaction(async (tx) => {
        const row = await stored(tx, input.id, true);
        if (row.status !== 'open') throw new ConflictError(M.closed);
        const { stock, money } = await settlementView(tx, row);
        const onSheet = new Set(stock.map((l) => l.productID));
        for (const c of input.counts ?? []) {
          if (!onSheet.has(c.productID)) throw new ValidationError(M.notOnTruck(c.productID), 'counts');
        }
        const lines = new Map(money.map((m) => [m.key, m]));
        const handed = (input.handedIn ?? []).map((h) => {
          const line = lines.get(h.key);
          if (!line) throw new ValidationError(M.unknownMoney(h.key), 'handedIn');
          return {
            settlementId: row.id,
            key: h.key,
            paymentType: line.paymentType,
            chequeNo: line.chequeNo,
            customer: line.customer,
            invoiceNo: line.invoiceNo,
            handedIn: h.amount === null ? null : toCents(h.amount),
          };
        });
        await repo.setCounts(
          tx,
          row.id,
          (input.counts ?? []).map((c) => ({ productId: c.productID, counted: c.counted })),
        );
        await repo.setHandedIn(tx, row.id, handed);
        return (await settlementView(tx, row)).settlement;
      });
    },

    /**
     * Closes it: every line counted and handed in; the figures stored; the truck set to its count
     * ('settled' movements of the differences) and unloaded into the warehouse; audited.
     */
    async close(id: number, note: string, user: AuthUser): Promise<Settlement> {
      officeOnly(user);
      return db.transaction(async (tx) => {
        const row = await stored(tx, id, true);
        if (row.status !== 'open') throw new ConflictError(M.closed);
        const { settlement: before, stock, money, credit, cents } = await settlementView(tx, row);
        const uncounted = stock.filter((l) => l.counted === null).length;
        if (uncounted > 0) throw new ValidationError(M.notCounted(uncounted), 'counts');
        const missing = money.filter((m) => m.handedIn === null).length;
        if (missing > 0) throw new ValidationError(M.notHandedIn(missing), 'handedIn');

        await repo.snapshotStock(
          tx,
          stock.map((l) => ({
            settlementId: id,
            productId: l.productID,
            counted: l.counted,
            carried: l.carried,
            loaded: l.loaded,
            sold: l.sold,
            returned: l.returned,
            adjusted: l.adjusted,
            expected: l.expected,
            cost: l.cost,
          })),
        );
        await repo.snapshotMoney(
          tx,
          money.map((m) => ({ settlementId: id, ...m })),
        );

        const label = `Settlement of ${row.driver} on ${row.date}`;
        const moves: NewMovement[] = [];
        for (const l of stock) {
          const counted = l.counted ?? 0;
          if (counted !== l.expected) {
            moves.push({
              productId: l.productID,
              locationId: row.locationID,
              quantity: counted - l.expected,
              kind: 'settled',
              source: 'settlement',
              sourceId: id,
              note: label,
              userId: user.id,
            });
          }
        }
        for (const l of stock) {
          const counted = l.counted ?? 0;
          if (counted > 0) {
            moves.push(
              {
                productId: l.productID,
                locationId: row.locationID,
                quantity: -counted,
                kind: 'unloaded',
                source: 'settlement',
                sourceId: id,
                note: label,
                userId: user.id,
              },
              {
                productId: l.productID,
                locationId: WAREHOUSE_ID,
                quantity: counted,
                kind: 'unloaded',
                source: 'settlement',
                sourceId: id,
                note: label,
                userId: user.id,
              },
            );
          }
        }
        await stockRepository.insert(tx, moves);
        await repo.close(tx, id, {
          note: note.trim(),
          closedBy: user.id,
          sinceMovementId: await repo.lastClosedMovement(tx, row.locationID),
          closedMovementId: await repo.lastMovementId(tx),
          stockOverShort: cents.stock,
          moneyOverShort: cents.money,
          credit,
        });
        const after = (await settlementView(tx, await stored(tx, id))).settlement;
        await settlementTrail.update(tx, user.id, id, before, after);
        return after;
      });
    },

    /** A correction of a closed settlement: a new entry, audited; the closed figures stay. */
    async adjust(id: number, input: SettlementAdjustInput, user: AuthUser): Promise<Settlement> {
      officeOnly(user);
      return db.transaction(async (tx) => {
        const row = await stored(tx, id, true);
        if (row.status !== 'closed') throw new ConflictError(M.notClosed);
        const before = (await settlementView(tx, row)).settlement;
        await repo.addAdjustment(tx, id, toCents(input.amount), input.note.trim(), user.id);
        const after = (await settlementView(tx, await stored(tx, id))).settlement;
        await settlementTrail.update(tx, user.id, id, before, after);
        return after;
      });
    },
  };
}

export type SettlementsService = ReturnType<typeof createSettlementsService>;
