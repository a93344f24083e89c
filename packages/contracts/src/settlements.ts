import { id, idOrZero, isoDate, nonNegativeDollars, text } from './common/fields.js';
import { listFilterSchema, listResponse } from './common/list.js';
import { z } from './common/zod.js';

/**
 * The end of a driver's day (docs/settlement.md): the truck's expected stock beside the counted
 * stock, the money the driver's payments say he collected beside what he handed in, and the
 * over/short of each line and in all. Closed, it never changes; a correction is an adjustment.
 */

export const SETTLEMENT_STATES = ['open', 'closed'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/** A product on the truck: where its expected quantity comes from, and what was counted. */
export const settlementStockLineSchema = z
  .object({
    productID: z.int(),
    product: z.string(),
    barcode: z.string(),
    /** On the truck when the previous settlement closed (usually 0: it was unloaded). */
    carried: z.int(),
    /** Loaded less unloaded since then. */
    loaded: z.int(),
    /** Sold (units, as a positive number). */
    sold: z.int(),
    /** Returned resellable onto the truck. */
    returned: z.int(),
    /** Counts and corrections of the truck. */
    adjusted: z.int(),
    /** carried + loaded − sold + returned + adjusted: what the books say is on the truck. */
    expected: z.int(),
    /** What the office counted on the truck; null until counted. */
    counted: z.int().nullable(),
    /** counted − expected (null until counted). */
    difference: z.int().nullable(),
    /** Cost per unit, dollars. */
    cost: z.number(),
    /** difference × cost, dollars (0 until counted). */
    differenceValue: z.number(),
  })
  .meta({ id: 'SettlementStockLine' });
export type SettlementStockLine = z.infer<typeof settlementStockLineSchema>;

export const SETTLEMENT_MONEY_TYPES = ['cash', 'cheque', 'moneyOrder'] as const;
export type SettlementMoneyType = (typeof SETTLEMENT_MONEY_TYPES)[number];

/** Money the driver should hand in: all the cash as one line, each cheque and money order as its own. */
export const settlementMoneyLineSchema = z
  .object({
    /** 'cash', or the payment's reference number for a cheque or a money order. */
    key: z.string(),
    paymentType: z.enum(SETTLEMENT_MONEY_TYPES),
    /** The cheque's number ('' for cash and money orders). */
    chequeNo: z.string(),
    /** The store that paid ('' for the cash line, which sums every store). */
    customer: z.string(),
    invoiceNo: z.string(),
    expected: z.number(),
    /** What was handed in, dollars; null until entered. */
    handedIn: z.number().nullable(),
    /** handedIn − expected (null until entered). */
    difference: z.number().nullable(),
  })
  .meta({ id: 'SettlementMoneyLine' });
export type SettlementMoneyLine = z.infer<typeof settlementMoneyLineSchema>;

export const settlementAdjustmentSchema = z
  .object({ id: z.int(), amount: z.number(), note: z.string(), user: z.string(), createdAt: z.string() })
  .meta({ id: 'SettlementAdjustment' });
export type SettlementAdjustment = z.infer<typeof settlementAdjustmentSchema>;

/** Over (+) or short (−), dollars. */
export const settlementTotalsSchema = z
  .object({
    /** Σ stock differences at cost. */
    stock: z.number(),
    /** Σ money differences. */
    money: z.number(),
    /** Σ adjustments made after closing. */
    adjustments: z.number(),
    /** stock + money + adjustments. */
    overShort: z.number(),
  })
  .meta({ id: 'SettlementTotals' });
export type SettlementTotals = z.infer<typeof settlementTotalsSchema>;

export const settlementSchema = z
  .object({
    id: z.int(),
    driverID: z.int(),
    driver: z.string(),
    locationID: z.int(),
    truck: z.string(),
    date: z.string(),
    status: z.enum(SETTLEMENT_STATES),
    note: z.string(),
    stock: z.array(settlementStockLineSchema),
    money: z.array(settlementMoneyLineSchema),
    /** Payments on credit that day (not money to hand in), dollars. */
    credit: z.number(),
    adjustments: z.array(settlementAdjustmentSchema),
    totals: settlementTotalsSchema,
    closedAt: z.string().nullable(),
    closedBy: z.string(),
  })
  .meta({ id: 'Settlement' });
export type Settlement = z.infer<typeof settlementSchema>;
export const settlementResponse = z.object({ settlement: settlementSchema });

export const settlementOpenBody = z.object({ driverID: id(), date: isoDate() });
export type SettlementOpenInput = z.input<typeof settlementOpenBody>;

export const settlementUpdateBody = z.object({
  id: id(),
  /** Counted quantities (null clears a count). */
  counts: z
    .array(z.object({ productID: id(), counted: z.int().min(0).max(1_000_000).nullable() }))
    .max(5_000)
    .default([]),
  /** What was handed in per money line (null clears it). */
  handedIn: z
    .array(z.object({ key: text().min(1).max(60), amount: nonNegativeDollars().nullable() }))
    .max(2_000)
    .default([]),
});
export type SettlementUpdateInput = z.input<typeof settlementUpdateBody>;

export const settlementCloseBody = z.object({ note: text().trim().max(1000).default('') });
export type SettlementCloseInput = z.input<typeof settlementCloseBody>;

export const settlementAdjustBody = z.object({
  /** Over (+) or short (−), dollars. */
  amount: z
    .number()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((v) => v !== 0 && Math.round(v * 100) === v * 100, { message: 'must be a non-zero amount in cents' }),
  note: text().trim().min(1).max(500),
});
export type SettlementAdjustInput = z.input<typeof settlementAdjustBody>;

/** A settlement in the list (the report of settlements by driver and period). */
export const settlementRowSchema = z
  .object({
    id: z.int(),
    date: z.string(),
    driverID: z.int(),
    driver: z.string(),
    truck: z.string(),
    status: z.enum(SETTLEMENT_STATES),
    /** Over/short, dollars: 0 while open. */
    stock: z.number(),
    money: z.number(),
    adjustments: z.number(),
    overShort: z.number(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: 'SettlementRow' });
export type SettlementRow = z.infer<typeof settlementRowSchema>;

export const settlementListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    driverID: idOrZero().default(0),
    startDate: isoDate().or(z.literal('')).default(''),
    endDate: isoDate().or(z.literal('')).default(''),
    status: z.enum(SETTLEMENT_STATES).or(z.literal('')).default(''),
  }),
);
export type SettlementListFilter = z.output<typeof settlementListFilter>;
export type SettlementListFilterInput = z.input<typeof settlementListFilter>;
export const settlementsResponse = listResponse('settlements', settlementRowSchema).extend({
  /** Over every row of the filter. */
  totals: z.object({ stock: z.number(), money: z.number(), adjustments: z.number(), overShort: z.number() }),
});

export const SETTLEMENT_MESSAGES = {
  notFound: "The settlement doesn't exist",
  driverNotFound: "The driver doesn't exist",
  noTruck: (driver: string) => `${driver} has no route, so no truck to settle`,
  closed: 'This settlement is closed: it can no longer change (add an adjustment instead)',
  notClosed: 'Adjustments are for closed settlements: change the open one instead',
  notOnTruck: (id: number) => `Product ${id} is not on this truck's sheet`,
  unknownMoney: (key: string) => `No money line ${key} on this settlement`,
  notCounted: (n: number) => `Count every product on the truck first: ${n} not counted`,
  notHandedIn: (n: number) => `Enter what was handed in for every money line first: ${n} missing`,
  officeOnly: 'Settlements are done by the office, not from a driver’s account',
  closedMessage: 'Settlement closed',
  adjusted: 'Adjustment added',
} as const;
