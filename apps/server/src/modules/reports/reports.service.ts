import {
  type BillerReport,
  type CustomerReport,
  type CustomerSummaryReport,
  type DamagedGoodsReport,
  MAX_PAGE_SIZE,
  type ProductReport,
  type ReportFilter,
  type ReportName,
  toDollars,
} from '@wd/contracts';
import type { AppContext } from '../../lib/context.js';
import { pageResponse } from '../../lib/list.js';
import { reportCsv, reportFileName } from './reports.csv.js';
import { rollupReports } from './reports.rollup.js';

/** What each report answers (contracts' response types), by its name. */
export interface ReportAnswers {
  product: ProductReport;
  customer: CustomerReport;
  customerSummary: CustomerSummaryReport;
  biller: BillerReport;
  damagedGoods: DamagedGoodsReport;
}

/** Fields that are text, and whole numbers; every other field is money in cents. */
const TEXT = new Set(['barcode', 'productName', 'customer', 'biller']);
const WHOLE = new Set(['id', 'totalInvoices', 'totalQuantitySold', 'totalQuantityDamaged']);

/** A row (or the totals) as the database gives it (sums may come as text) → the wire: dollars and integers. */
export function toWire(row: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(row)) {
    if (TEXT.has(key)) out[key] = String(value ?? '');
    else out[key] = WHOLE.has(key) ? Number(value) : toDollars(Number(value));
  }
  return out;
}

export function createReportsService({ db }: AppContext) {
  /** One page of a report, its row count and the totals over every matching row. */
  async function report<N extends ReportName>(name: N, filter: ReportFilter): Promise<ReportAnswers[N]> {
    const { rows, totalRows, totals } = await rollupReports[name](db, filter);
    const wire = rows.map((row) => toWire(row as Record<string, unknown>));
    return {
      ...pageResponse('report', wire, filter, totalRows),
      totals: toWire(totals),
    } as unknown as ReportAnswers[N];
  }

  return {
    report,
    /**
     * The report as CSV: every matching row (one query with the largest page
     * size, held in memory: a report has at most a few thousand rows, one
     * per product, customer or biller), then the totals row.
     */
    async csv(name: ReportName, filter: ReportFilter): Promise<{ body: Buffer; fileName: string }> {
      const all = await report(name, { ...filter, currentPage: 1, resultsPerPage: MAX_PAGE_SIZE });
      const rows = all.report as unknown as Record<string, string | number>[];
      return {
        body: reportCsv(name, rows, all.totals as Record<string, number>),
        fileName: reportFileName(name, filter),
      };
    },
  };
}
