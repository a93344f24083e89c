import { and, eq, max, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import {
  products,
  settlementAdjustments,
  settlementMoney,
  settlementStock,
  settlements,
  stockLocations,
  stockMovements,
  users,
} from '../../db/schema/index.js';

/** Rows of a raw statement (the driver answers `{ rows }`). */

export interface SettlementRowDb {
  id: number;
  driverID: number;
  driver: string;
  locationID: number;
  truck: string;
  date: string;
  status: 'open' | 'closed';
  note: string;
  sinceMovementId: number;
  stockOverShort: number;
  moneyOverShort: number;
  adjustments: number;
  credit: number;
  closedAt: Date | null;
  closedBy: string;
}

/** Who closed it: the users table a second time. */
const closers = sql`(select u.username from users u where u.id = ${settlements.closedBy})`;

/** A settlement's row as the report and the screen read it: its driver, truck and closer by name. */
export const settlementColumns = {
  id: settlements.id,
  driverID: settlements.driverId,
  driver: users.username,
  locationID: settlements.locationId,
  truck: stockLocations.name,
  date: settlements.day,
  status: settlements.status,
  note: settlements.note,
  sinceMovementId: settlements.sinceMovementId,
  stockOverShort: settlements.stockOverShort,
  moneyOverShort: settlements.moneyOverShort,
  adjustments: settlements.adjustments,
  credit: settlements.credit,
  closedAt: settlements.closedAt,
  closedBy: sql<string>`coalesce(${closers}, '')`,
};

/** Settlements joined to their driver and truck (every settlement has both). */
export function selectSettlements(db: Tx, fields: SelectedFields) {
  return db
    .select(fields)
    .from(settlements)
    .innerJoin(users, eq(users.id, settlements.driverId))
    .innerJoin(stockLocations, eq(stockLocations.id, settlements.locationId));
}

export interface TruckMovementsRow {
  productId: number;
  product: string;
  barcode: string;
  cost: number;
  loaded: number;
  sold: number;
  returned: number;
  adjusted: number;
}

export interface PaymentRow {
  referenceNo: string;
  paymentType: string;
  chequeNo: string;
  amount: number;
  customer: string;
  invoiceNo: string;
}

export const settlementsRepository = {
  async find(db: Tx, id: number, lock = false): Promise<SettlementRowDb | undefined> {
    const query = selectSettlements(db, settlementColumns).where(eq(settlements.id, id));
    const [row] = lock ? await query.for('update', { of: settlements }) : await query;
    return row as unknown as SettlementRowDb | undefined;
  },

  async findByDriverDay(db: Tx, driverId: number, day: string) {
    const [row] = await db
      .select({ id: settlements.id })
      .from(settlements)
      .where(and(eq(settlements.driverId, driverId), eq(settlements.day, day)));
    return row?.id;
  },

  /** Where the truck's next settlement starts: the last movement of its newest closed one (0 if none). */
  async lastClosedMovement(db: Tx, locationId: number): Promise<number> {
    const [row] = await db
      .select({ id: max(settlements.closedMovementId) })
      .from(settlements)
      .where(and(eq(settlements.locationId, locationId), eq(settlements.status, 'closed')));
    return Number(row?.id ?? 0);
  },

  /** Opens one (a second open of the same driver and day answers the first). */
  async insert(db: Tx, values: typeof settlements.$inferInsert): Promise<number> {
    await db.insert(settlements).values(values).onConflictDoNothing();
    return (await settlementsRepository.findByDriverDay(db, values.driverId, values.day)) as number;
  },

  /** The truck's movements since the settlement's start, per product and kind (units). */
  async truckMovements(db: Tx, locationId: number, since: number): Promise<TruckMovementsRow[]> {
    const result = await db.execute(sql`
      select m.product_id as "productId", p.name as product, p.barcode, p.cost_price as cost,
        sum(case when m.kind in ('loaded', 'unloaded') then m.quantity else 0 end)::int as loaded,
        sum(case when m.kind = 'sold' then -m.quantity else 0 end)::int as sold,
        sum(case when m.kind = 'returned' then m.quantity else 0 end)::int as returned,
        sum(case when m.kind not in ('loaded', 'unloaded', 'sold', 'returned') then m.quantity else 0 end)::int as adjusted
      from stock_movements m join products p on p.id = m.product_id
      where m.location_id = ${locationId} and m.id > ${since}
      group by m.product_id, p.name, p.barcode, p.cost_price`);
    return rowsOf<TruckMovementsRow>(result);
  },

  /** On hand at a location per product (folded levels plus pending deltas), with the product. */
  async onHand(db: Tx, locationId: number) {
    const result = await db.execute(sql`
      select s.product_id as "productId", p.name as product, p.barcode, p.cost_price as cost,
        sum(s.quantity)::int as quantity
      from (
        select product_id, quantity from stock_levels where location_id = ${locationId}
        union all
        select product_id, quantity from stock_level_deltas where location_id = ${locationId}
      ) s join products p on p.id = s.product_id
      group by s.product_id, p.name, p.barcode, p.cost_price`);
    return rowsOf<{ productId: number; product: string; barcode: string; cost: number; quantity: number }>(result);
  },

  /** The payments a driver recorded on a day, with who paid, in the order made. */
  async payments(db: Tx, driverId: number, day: string): Promise<PaymentRow[]> {
    const result = await db.execute(sql`
      select p.reference_no as "referenceNo", p.payment_type as "paymentType", p.cheque_no as "chequeNo",
        p.amount_paid as amount, coalesce(c.company, '') as customer, i.invoice_no as "invoiceNo"
      from payments p
      join invoices i on i.id = p.invoice_id
      left join customers c on c.id = i.customer_id
      where p.created_by = ${driverId} and p.date = ${day}
      order by p.id`);
    return rowsOf<PaymentRow>(result);
  },

  /** Its stored lines, with the product's name, barcode and today's cost. */
  stock(db: Tx, id: number) {
    return db
      .select({
        productId: settlementStock.productId,
        product: products.name,
        barcode: products.barcode,
        productCost: products.costPrice,
        counted: settlementStock.counted,
        carried: settlementStock.carried,
        loaded: settlementStock.loaded,
        sold: settlementStock.sold,
        returned: settlementStock.returned,
        adjusted: settlementStock.adjusted,
        expected: settlementStock.expected,
        cost: settlementStock.cost,
      })
      .from(settlementStock)
      .innerJoin(products, eq(products.id, settlementStock.productId))
      .where(eq(settlementStock.settlementId, id));
  },

  money(db: Tx, id: number) {
    return db.select().from(settlementMoney).where(eq(settlementMoney.settlementId, id));
  },

  async adjustments(db: Tx, id: number) {
    return db
      .select({
        id: settlementAdjustments.id,
        amount: settlementAdjustments.amount,
        note: settlementAdjustments.note,
        user: sql<string>`coalesce(${users.username}, '')`,
        createdAt: settlementAdjustments.createdAt,
      })
      .from(settlementAdjustments)
      .leftJoin(users, eq(users.id, settlementAdjustments.userId))
      .where(eq(settlementAdjustments.settlementId, id))
      .orderBy(settlementAdjustments.id);
  },

  async setCounts(db: Tx, id: number, counts: { productId: number; counted: number | null }[]) {
    if (counts.length === 0) return;
    await db
      .insert(settlementStock)
      .values(counts.map((c) => ({ settlementId: id, productId: c.productId, counted: c.counted })))
      .onConflictDoUpdate({
        target: [settlementStock.settlementId, settlementStock.productId],
        set: { counted: sql`excluded.counted` },
      });
  },

  /** The money handed in, by key, on settlement `id` (every line is written to that settlement). */
  async setHandedIn(db: Tx, id: number, lines: (typeof settlementMoney.$inferInsert)[]) {
    if (lines.length === 0) return;
    await db
      .insert(settlementMoney)
      .values(lines.map((line) => ({ ...line, settlementId: id })))
      .onConflictDoUpdate({
        target: [settlementMoney.settlementId, settlementMoney.key],
        set: { handedIn: sql`excluded.handed_in` },
      });
  },

  /** Closing stores each line's figures as they were. */
  async snapshotStock(db: Tx, rows: (typeof settlementStock.$inferInsert)[]) {
    if (rows.length === 0) return;
    await db
      .insert(settlementStock)
      .values(rows)
      .onConflictDoUpdate({
        target: [settlementStock.settlementId, settlementStock.productId],
        set: {
          counted: sql`excluded.counted`,
          carried: sql`excluded.carried`,
          loaded: sql`excluded.loaded`,
          sold: sql`excluded.sold`,
          returned: sql`excluded.returned`,
          adjusted: sql`excluded.adjusted`,
          expected: sql`excluded.expected`,
          cost: sql`excluded.cost`,
        },
      });
  },

  async snapshotMoney(db: Tx, rows: (typeof settlementMoney.$inferInsert)[]) {
    if (rows.length === 0) return;
    await db
      .insert(settlementMoney)
      .values(rows)
      .onConflictDoUpdate({
        target: [settlementMoney.settlementId, settlementMoney.key],
        set: {
          paymentType: sql`excluded.payment_type`,
          chequeNo: sql`excluded.cheque_no`,
          customer: sql`excluded.customer`,
          invoiceNo: sql`excluded.invoice_no`,
          expected: sql`excluded.expected`,
          handedIn: sql`excluded.handed_in`,
        },
      });
  },

  async lastMovementId(db: Tx): Promise<number> {
    const [row] = await db.select({ id: max(stockMovements.id) }).from(stockMovements);
    return Number(row?.id ?? 0);
  },

  async close(db: Tx, id: number, values: Partial<typeof settlements.$inferInsert>) {
    await db
      .update(settlements)
      .set({ ...values, status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(settlements.id, id));
  },

  async addAdjustment(db: Tx, id: number, amount: number, note: string, userId: number) {
    const [row] = await db
      .insert(settlementAdjustments)
      .values({ settlementId: id, amount, note, userId })
      .returning({ id: settlementAdjustments.id });
    await db
      .update(settlements)
      .set({ adjustments: sql`${settlements.adjustments} + ${amount}`, updatedAt: sql`now()` })
      .where(eq(settlements.id, id));
    return row.id;
  },
};
