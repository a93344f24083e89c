import { text } from './common/fields.js';
import { listFilterSchema, pageFields, periodFilterFields } from './common/list.js';
import { z } from './common/zod.js';
import { REPORT_STATUSES } from './report-names.js';

/**
 * The five reports (docs/reports.md): their filter, rows and totals. Every figure is computed by
 * the server in SQL; money is dollars on the wire.
 */

/** A number or numeric text; anything else (or a blank) is '' (not set). */
function numberOrBlank(v: unknown): unknown {
  if (typeof v === 'string') {
    const text = v.trim();
    return text === '' ? '' : /^\d+$/.test(text) ? Number(text) : v;
  }
  return v ?? '';
}

/** The free-text Year (not checked): a year as a number or text; what isn't a year is ignored. */
const yearText = z.preprocess(
  (v) => {
    const n = numberOrBlank(v);
    return typeof n === 'number' && Number.isInteger(n) && n >= 1900 && n <= 9999 ? n : '';
  },
  z.union([z.int(), z.literal('')]),
);

/** The body of every report call: the list filter plus the period, status and (unused) biller. */
export const reportFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    ...periodFilterFields,
    month: z.preprocess(numberOrBlank, periodFilterFields.month),
    year: yearText.optional(),
    /** All, DUE, PAID or REFUND ('' = All); Customer Summary ignores it. */
    status: z.union([z.enum(REPORT_STATUSES), z.literal(''), z.literal('All')]).optional(),
    /** The Biller Report's Biller select: accepted, not used. */
    biller: z.union([z.int(), text().max(100)]).optional(),
  }),
);
export type ReportFilter = z.output<typeof reportFilter>;
export type ReportFilterInput = z.input<typeof reportFilter>;

const money = z.number();
const count = z.int();

export const productReportRowSchema = z
  .object({
    barcode: z.string(),
    productName: z.string(),
    totalCostPrice: money,
    totalSellingPrice: money,
    totalQuantitySold: count,
    totalProfit: money,
  })
  .meta({ id: 'ProductReportRow' });

export const customerReportRowSchema = z
  .object({
    customer: z.string(),
    totalInvoices: count,
    awardPoints: money,
    totalCost: money,
    totalSelling: money,
    totalPaid: money,
    discount: money,
    resellableGoods: money,
    damagedGoods: money,
    totalDue: money,
    totalProfit: money,
  })
  .meta({ id: 'CustomerReportRow' });

export const customerSummaryRowSchema = z
  .object({
    customer: z.string(),
    /** The customer's id; 0 for walk-in sales. */
    id: z.int(),
    totalInvoices: count,
    totalAmount: money,
    totalPaid: money,
    totalDue: money,
  })
  .meta({ id: 'CustomerSummaryRow' });

export const billerReportRowSchema = z
  .object({
    biller: z.string(),
    totalCost: money,
    totalSelling: money,
    awardPoints: money,
    discount: money,
    damagedGoods: money,
    totalExpense: money,
    totalProfit: money,
  })
  .meta({ id: 'BillerReportRow' });

export const damagedGoodsRowSchema = z
  .object({
    barcode: z.string(),
    productName: z.string(),
    totalCostPrice: money,
    totalDamagedPrice: money,
    totalLoss: money,
    totalQuantityDamaged: count,
  })
  .meta({ id: 'DamagedGoodsRow' });

export type ProductReportRow = z.infer<typeof productReportRowSchema>;
export type CustomerReportRow = z.infer<typeof customerReportRowSchema>;
export type CustomerSummaryRow = z.infer<typeof customerSummaryRowSchema>;
export type BillerReportRow = z.infer<typeof billerReportRowSchema>;
export type DamagedGoodsRow = z.infer<typeof damagedGoodsRowSchema>;

/** `{ report: rows, currentPage, numPages, totalRows, totals }`; totals sum every numeric field. */
function reportResponse<R extends z.ZodType, T extends z.ZodType>(row: R, totals: T) {
  return z.object({ report: z.array(row), ...pageFields, totals });
}

export const productReportResponse = reportResponse(
  productReportRowSchema,
  productReportRowSchema.omit({ barcode: true, productName: true }).meta({ id: 'ProductReportTotals' }),
);
export const customerReportResponse = reportResponse(
  customerReportRowSchema,
  customerReportRowSchema.omit({ customer: true }).meta({ id: 'CustomerReportTotals' }),
);
export const customerSummaryResponse = reportResponse(
  customerSummaryRowSchema,
  customerSummaryRowSchema.omit({ customer: true, id: true }).meta({ id: 'CustomerSummaryTotals' }),
);
export const billerReportResponse = reportResponse(
  billerReportRowSchema,
  billerReportRowSchema.omit({ biller: true }).meta({ id: 'BillerReportTotals' }),
);
export const damagedGoodsResponse = reportResponse(
  damagedGoodsRowSchema,
  damagedGoodsRowSchema.omit({ barcode: true, productName: true }).meta({ id: 'DamagedGoodsTotals' }),
);

export type ProductReport = z.infer<typeof productReportResponse>;
export type CustomerReport = z.infer<typeof customerReportResponse>;
export type CustomerSummaryReport = z.infer<typeof customerSummaryResponse>;
export type BillerReport = z.infer<typeof billerReportResponse>;
export type DamagedGoodsReport = z.infer<typeof damagedGoodsResponse>;
