import { listFilterSchema, pageFields, pageSize, periodFilterFields } from './common/list.js';
import { z } from './common/zod.js';

/**
 * The dashboard's seven reports (docs/dashboard.md). Every call is a POST with a filter body
 * whose period fields are those of the lists; without them a call covers its
 * default period, counted from the business's local today (config TZ):
 * "this month" or the last 14 days. Money is dollars on the wire.
 */

/** trend 14 days, top 6 products, 5 recent invoices, a palette of seven colours. */
export const DASHBOARD = { trendDays: 14, topProducts: 6, recentInvoices: 5, paletteSize: 7, maxDays: 366 } as const;

const orEmpty = <T>(v: T) => v ?? {};

/**
 * The calls over "this month" by default (productsTop, productStatus, status,
 * salesByCategory): start/end dates, month and year as in the lists; with
 * none of them, `trend` chooses this month (the default) or this year.
 */
const periodFields = {
  ...periodFilterFields,
  trend: z.enum(['month', 'year']).default('month'),
};
export const dashboardPeriodFilter = z.preprocess(orEmpty, z.object(periodFields));
export type DashboardPeriodFilter = z.output<typeof dashboardPeriodFilter>;

/**
 * reports/productsTop: page 1 of 6 by default, sorted by quantity sold (then name). The page
 * size takes the lists' bound (1 … 100,000): the grouping reads the same lines whatever the
 * page size, which only sets the LIMIT over the groups.
 */
export const topProductsFilter = z.preprocess(
  orEmpty,
  listFilterSchema.extend({ ...periodFields, resultsPerPage: pageSize(DASHBOARD.topProducts) }),
);
export type TopProductsFilter = z.output<typeof topProductsFilter>;

/** reports/invoices: the latest 5 counted invoices by default (any page size of the lists); the period fields narrow it. */
export const recentInvoicesFilter = z.preprocess(
  orEmpty,
  listFilterSchema.extend({ ...periodFilterFields, resultsPerPage: pageSize(DASHBOARD.recentInvoices) }),
);
export type RecentInvoicesFilter = z.output<typeof recentInvoicesFilter>;

/**
 * The calls over the last days (statusOverview, salesDaily): `days` days
 * (14 by default) ending on `endDate` (today by default); a start and an end
 * date together, or a month and year, choose the days instead (at most 366).
 */
export const dashboardDaysFilter = z.preprocess(
  orEmpty,
  z.object({ ...periodFilterFields, days: z.int().min(1).max(DASHBOARD.maxDays).default(DASHBOARD.trendDays) }),
);
export type DashboardDaysFilter = z.output<typeof dashboardDaysFilter>;

const money = z.number();
const count = z.int();

/** The days a figure covers, both inclusive (YYYY-MM-DD). */
export const dashboardPeriodSchema = z
  .object({ startDate: z.iso.date(), endDate: z.iso.date() })
  .meta({ id: 'DashboardPeriod' });

/** Top selling: a product's sales quantity (lines with quantity > 0). */
export const topProductSchema = z.object({ productName: z.string(), quantitySold: count }).meta({ id: 'TopProduct' });

/** Product status: how many products sold, and units sold, returned for resale and returned damaged. */
export const productStatusSchema = z
  .object({ productsSold: count, unitsSold: count, unitsReturned: count, unitsDamaged: count })
  .meta({ id: 'ProductStatus' });

/** Status analysis: units sold, invoices PAID and distinct customers invoiced. */
export const statusAnalysisSchema = z
  .object({ quantitySold: count, invoicesPaid: count, activeCustomers: count })
  .meta({ id: 'StatusAnalysis' });

/** Status overview: Σ total of the invoices dated in the days, and how many (orders processed). */
export const statusOverviewSchema = z.object({ revenue: money, ordersProcessed: count }).meta({ id: 'StatusOverview' });

/** A recent order: the invoice's number and id, customer (or 'Walk-in customer'), total, status and date. */
export const recentInvoiceSchema = z
  .object({
    id: z.int(),
    invoiceNo: z.string(),
    customer: z.string(),
    total: money,
    status: z.string(),
    date: z.iso.date(),
  })
  .meta({ id: 'RecentInvoice' });

/** Category breakdown: Σ sales subtotal per product category ('Uncategorized' when none). */
export const categorySalesSchema = z.object({ category: z.string(), totalSales: money }).meta({ id: 'CategorySales' });

/** Sales timeline: one row per day, zeros included. */
export const dailySalesSchema = z
  .object({ date: z.iso.date(), totalRevenue: money, totalOrders: count })
  .meta({ id: 'DailySales' });

export const UNCATEGORIZED = 'Uncategorized';

const period = { period: dashboardPeriodSchema };

export const topProductsResponse = z.object({ report: z.array(topProductSchema), ...pageFields, ...period });
export const productStatusResponse = z.object({ report: productStatusSchema, ...period });
export const statusAnalysisResponse = z.object({ report: statusAnalysisSchema, ...period });
export const statusOverviewResponse = z.object({ report: statusOverviewSchema, ...period });
export const recentInvoicesResponse = z.object({ report: z.array(recentInvoiceSchema), ...pageFields });
export const categorySalesResponse = z.object({ report: z.array(categorySalesSchema), ...period });
export const dailySalesResponse = z.object({ report: z.array(dailySalesSchema), ...period });

export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;
export type TopProduct = z.infer<typeof topProductSchema>;
export type ProductStatus = z.infer<typeof productStatusSchema>;
export type StatusAnalysis = z.infer<typeof statusAnalysisSchema>;
export type StatusOverview = z.infer<typeof statusOverviewSchema>;
export type RecentInvoice = z.infer<typeof recentInvoiceSchema>;
export type CategorySales = z.infer<typeof categorySalesSchema>;
export type DailySales = z.infer<typeof dailySalesSchema>;
