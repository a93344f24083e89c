import {
  type BillerReport,
  type ColumnSpec,
  type CustomerReport,
  type CustomerSummaryReport,
  type DamagedGoodsReport,
  MAX_PAGE_SIZE,
  type ProductReport,
  REPORT_COLUMNS,
  type ReportFilter,
  type ReportName,
  toDollars,
} from '@wd/contracts';
import type { AppContext } from '../../lib/context.js';
import type { CsvFile } from '../../lib/export.js';
import { pageResponse } from '../../lib/list.js';
import { reportCsv, reportFileName } from './reports.csv.js';
import { rollupReports } from './reports-rollup.repository.js';

/** What each report answers (contracts' response types), by its name. */
export interface ReportAnswers {
  product: ProductReport;
  customer: CustomerReport;
  customerSummary: CustomerSummaryReport;
  biller: BillerReport;
  damagedGoods: DamagedGoodsReport;
}

/**
 * A row (or the totals) as the database gives it (sums may come as text, money in cents) → the
 * wire, by the kinds the report's columns declare: money in dollars, counts whole, text as text.
 * A field the report does not declare is a programming error, never guessed at.
 */
export function toWire(
  fields: Record<string, ColumnSpec>,
  row: Record<string, unknown>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(row)) {
    const spec = fields[key];
    if (!spec) throw new Error(`report field ${key} has no declared column`);
    out[key] =
      spec.kind === 'money' ? toDollars(Number(value)) : spec.kind === 'count' ? Number(value) : String(value ?? '');
  }
  return out;
}

export function createReportsService({ db }: AppContext) {
  /** One page of a report, its row count and the totals over every matching row. */
  async function report<N extends ReportName>(name: N, filter: ReportFilter): Promise<ReportAnswers[N]> {
    const { rows, totalRows, totals } = await rollupReports[name](db, filter);
    const { fields } = REPORT_COLUMNS[name];
    const wire = rows.map((row) => toWire(fields, row as Record<string, unknown>));
    return {
      ...pageResponse('report', wire, filter, totalRows),
      totals: toWire(fields, totals),
    } as unknown as ReportAnswers[N];
  }

  return {
    report,
    /**
     * The report as CSV: every matching row (one query with the largest page
     * size, held in memory: a report has at most a few thousand rows, one
     * per product, customer or biller), then the totals row.
     */
    async csv(name: ReportName, filter: ReportFilter): Promise<CsvFile> {
      const all = await rollupReports[name](db, { ...filter, currentPage: 1, resultsPerPage: MAX_PAGE_SIZE });
      return {
        body: reportCsv(name, all.rows as Record<string, unknown>[], all.totals),
        fileName: reportFileName(name, filter),
      };
    },
  };
}
