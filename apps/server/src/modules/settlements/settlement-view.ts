import {
  type Settlement,
  type SettlementMoneyLine,
  type SettlementMoneyType,
  type SettlementStockLine,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { settlementsRepository as repo, type SettlementRowDb } from './settlements.repository.js';

/**
 * A settlement as the office reads it (docs/settlement.md): while open, computed from the stock
 * ledger and the driver's payments of the day, with what was counted and handed in so far; once
 * closed, the figures stored when it closed.
 */

export interface MoneyCents {
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

export interface StockCents {
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

/** The truck's lines as the books have them now, with the counts entered so far. */
async function liveStock(tx: Tx, row: SettlementRowDb): Promise<StockCents[]> {
  const [moves, onHand, saved] = await Promise.all([
    // Since the truck's newest closed settlement, whichever was closed last (a day may be opened
    // before the one before it is closed).
    repo.lastClosedMovement(tx, row.locationID).then((since) => repo.truckMovements(tx, row.locationID, since)),
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

export async function settlementView(tx: Tx, row: SettlementRowDb) {
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
