import {
  SETTLEMENT_MESSAGES as M,
  type Settlement,
  type SettlementAdjustInput,
  type SettlementListFilter,
  type SettlementMoneyLine,
  type SettlementMoneyType,
  type SettlementStockLine,
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
import { settlementsRepository as repo, type SettlementRowDb } from './settlements.repository.js';

/** A settlement's audit trail: the settlement as the API answers it. */
const settlementTrail = auditTrail('settlement', (s: Settlement) => s);

interface MoneyCents {
  key: string;
  paymentType: SettlementMoneyType;
  chequeNo: string;
  customer: string;
  invoiceNo: string;
  expected: number;
  handedIn: number | null;
}

const moneyLine = (m: MoneyCents): SettlementMoneyLine => ({
  ...m,
  expected: toDollars(m.expected),
  handedIn: m.handedIn === null ? null : toDollars(m.handedIn),
  difference: m.handedIn === null ? null : toDollars(m.handedIn - m.expected),
});

interface StockCents {
  productID: number;
  product: string;
  barcode: string;
  carried: number;
  loaded: number;
  sold: number;
  returned: number;
  adjusted: number;
  expected: number;
  counted: number | null;
  cost: number;
}

const stockLine = (l: StockCents): SettlementStockLine => {
  const difference = l.counted === null ? null : l.counted - l.expected;
  return {
    ...l,
    difference,
    cost: toDollars(l.cost),
    differenceValue: toDollars((difference ?? 0) * l.cost),
  };
};

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

  /** The truck's lines as the books have them now, with the counts entered so far. */
  async function liveStock(tx: Tx, row: SettlementRowDb): Promise<StockCents[]> {
    const [moves, onHand, saved] = await Promise.all([
      repo.truckMovements(tx, row.locationID, row.sinceMovementId),
      repo.onHand(tx, row.locationID),
      repo.stock(tx, row.id),
    ]);
    const lines = new Map<number, StockCents>();
    const line = (productID: number, product: string, barcode: string, cost: number) => {
      let l = lines.get(productID);
      if (!l) {
        l = {
          productID,
          product,
          barcode,
          carried: 0,
          loaded: 0,
          sold: 0,
          returned: 0,
          adjusted: 0,
          expected: 0,
          counted: null,
          cost,
        };
        lines.set(productID, l);
      }
      return l;
    };
    for (const h of onHand) line(h.productId, h.product, h.barcode, h.cost).expected = Number(h.quantity);
    for (const m of moves)
      Object.assign(line(m.productId, m.product, m.barcode, m.cost), {
        loaded: Number(m.loaded),
        sold: Number(m.sold),
        returned: Number(m.returned),
        adjusted: Number(m.adjusted),
      });
    for (const s of saved) line(s.productId, s.product, s.barcode, s.productCost).counted = s.counted;
    for (const l of lines.values()) l.carried = l.expected - (l.loaded - l.sold + l.returned + l.adjusted);
    // A product with nothing expected, nothing moved and nothing counted is not on the sheet.
    return [...lines.values()]
      .filter((l) => l.expected !== 0 || l.loaded || l.sold || l.returned || l.adjusted || l.counted !== null)
      .sort((a, b) => a.product.localeCompare(b.product) || a.productID - b.productID);
  }

  /** The money the driver's payments of the day say he collected, with what was handed in so far. */
  async function liveMoney(tx: Tx, row: SettlementRowDb) {
    const [payments, saved] = await Promise.all([repo.payments(tx, row.driverID, row.date), repo.money(tx, row.id)]);
    const handed = new Map(saved.map((m) => [m.key, m.handedIn]));
    const cash: MoneyCents = {
      key: 'cash',
      paymentType: 'cash',
      chequeNo: '',
      customer: '',
      invoiceNo: '',
      expected: 0,
      handedIn: handed.get('cash') ?? null,
    };
    const lines: MoneyCents[] = [cash];
    let credit = 0;
    for (const p of payments) {
      const amount = Number(p.amount);
      if (p.paymentType === 'cash') cash.expected += amount;
      else if (p.paymentType === 'credit') credit += amount;
      else {
        lines.push({
          key: p.referenceNo,
          paymentType: p.paymentType as SettlementMoneyType,
          chequeNo: p.chequeNo,
          customer: p.customer,
          invoiceNo: p.invoiceNo,
          expected: amount,
          handedIn: handed.get(p.referenceNo) ?? null,
        });
      }
    }
    // A line entered for a payment since removed stays, expecting nothing.
    const live = new Set(lines.map((l) => l.key));
    for (const m of saved) {
      if (!live.has(m.key)) {
        lines.push({
          key: m.key,
          paymentType: m.paymentType as SettlementMoneyType,
          chequeNo: m.chequeNo,
          customer: m.customer,
          invoiceNo: m.invoiceNo,
          expected: 0,
          handedIn: m.handedIn,
        });
      }
    }
    return { lines, credit };
  }

  async function closedStock(tx: Tx, row: SettlementRowDb): Promise<StockCents[]> {
    return (await repo.stock(tx, row.id))
      .map((s) => ({
        productID: s.productId,
        product: s.product,
        barcode: s.barcode,
        carried: s.carried ?? 0,
        loaded: s.loaded ?? 0,
        sold: s.sold ?? 0,
        returned: s.returned ?? 0,
        adjusted: s.adjusted ?? 0,
        expected: s.expected ?? 0,
        counted: s.counted,
        cost: s.cost ?? s.productCost,
      }))
      .sort((a, b) => a.product.localeCompare(b.product) || a.productID - b.productID);
  }

  async function closedMoney(tx: Tx, row: SettlementRowDb): Promise<MoneyCents[]> {
    const order = (m: MoneyCents) => (m.key === 'cash' ? 0 : 1);
    return (await repo.money(tx, row.id))
      .map((m) => ({
        key: m.key,
        paymentType: m.paymentType as SettlementMoneyType,
        chequeNo: m.chequeNo,
        customer: m.customer,
        invoiceNo: m.invoiceNo,
        expected: m.expected ?? 0,
        handedIn: m.handedIn,
      }))
      .sort((a, b) => order(a) - order(b) || a.key.localeCompare(b.key));
  }

  async function view(tx: Tx, row: SettlementRowDb) {
    const open = row.status === 'open';
    const stock = open ? await liveStock(tx, row) : await closedStock(tx, row);
    const { lines: money, credit } = open
      ? await liveMoney(tx, row)
      : { lines: await closedMoney(tx, row), credit: row.credit };
    const adjustments = await repo.adjustments(tx, row.id);
    const stockCents = stock.reduce((sum, l) => sum + (l.counted === null ? 0 : (l.counted - l.expected) * l.cost), 0);
    const moneyCents = money.reduce((sum, m) => sum + (m.handedIn === null ? 0 : m.handedIn - m.expected), 0);
    const adjustCents = adjustments.reduce((sum, a) => sum + a.amount, 0);
    const settlement: Settlement = {
      id: row.id,
      driverID: row.driverID,
      driver: row.driver,
      locationID: row.locationID,
      truck: row.truck,
      date: row.date,
      status: row.status,
      note: row.note,
      stock: stock.map(stockLine),
      money: money.map(moneyLine),
      credit: toDollars(credit),
      adjustments: adjustments.map((a) => ({
        ...a,
        amount: toDollars(a.amount),
        createdAt: a.createdAt.toISOString(),
      })),
      totals: {
        stock: toDollars(stockCents),
        money: toDollars(moneyCents),
        adjustments: toDollars(adjustCents),
        overShort: toDollars(stockCents + moneyCents + adjustCents),
      },
      closedAt: row.closedAt ? row.closedAt.toISOString() : null,
      closedBy: row.closedBy,
    };
    return { settlement, stock, money, credit, cents: { stock: stockCents, money: moneyCents } };
  }

  return {
    async list(filter: SettlementListFilter, user: AuthUser) {
      officeOnly(user);
      const { rows, totalRows, totals } = await repo.list(db, filter);
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
      return (await view(db, await stored(db, id))).settlement;
    },

    /** The driver's settlement of the day: made on first opening, the same one after. */
    async open(driverId: number, day: string, user: AuthUser): Promise<Settlement> {
      officeOnly(user);
      return db.transaction(async (tx) => {
        const driver = await usersRepository.findById(tx, driverId);
        if (!driver) throw new NotFoundError(M.driverNotFound);
        const existing = await repo.findByDriverDay(tx, driverId, day);
        if (existing) return (await view(tx, await stored(tx, existing))).settlement;
        const truck = await stockRepository.truckOfDriver(tx, driverId);
        if (!truck) throw new ConflictError(M.noTruck(driver.username), 'driverID');
        const id = await repo.insert(tx, {
          driverId,
          locationId: truck,
          day,
          sinceMovementId: await repo.lastClosedMovement(tx, truck),
          createdBy: user.id,
        });
        return (await view(tx, await stored(tx, id))).settlement;
      });
    },

    async update(input: SettlementUpdateInput, user: AuthUser): Promise<Settlement> {
      officeOnly(user);
      return db.transaction(async (tx) => {
        const row = await stored(tx, input.id, true);
        if (row.status !== 'open') throw new ConflictError(M.closed);
        const { stock, money } = await view(tx, row);
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
        return (await view(tx, row)).settlement;
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
        const { settlement: before, stock, money, credit, cents } = await view(tx, row);
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
          closedMovementId: await repo.lastMovementId(tx),
          stockOverShort: cents.stock,
          moneyOverShort: cents.money,
          credit,
        });
        const after = (await view(tx, await stored(tx, id))).settlement;
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
        const before = (await view(tx, row)).settlement;
        await repo.addAdjustment(tx, id, toCents(input.amount), input.note.trim(), user.id);
        const after = (await view(tx, await stored(tx, id))).settlement;
        await settlementTrail.update(tx, user.id, id, before, after);
        return after;
      });
    },
  };
}

export type SettlementsService = ReturnType<typeof createSettlementsService>;
