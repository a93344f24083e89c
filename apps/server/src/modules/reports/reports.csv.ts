import { REPORT_COLUMNS, REPORT_TITLES, type ReportFilter, type ReportName } from '@wd/contracts';
import { tableCsv } from '../../lib/csv.js';

/** Header row, one row per report row, then 'Totals' with the sums under their columns (money in cents). */
export function reportCsv(name: ReportName, rows: Record<string, unknown>[], totals: Record<string, unknown>) {
  return tableCsv({ columns: REPORT_COLUMNS[name].csv, rows, totals: { ...totals, id: undefined } });
}

/** `product-report-2026-11.csv`: the report's title and the period asked for ('all' when none). */
export function reportFileName(name: ReportName, filter: ReportFilter): string {
  const title = REPORT_TITLES[name].toLowerCase().replace(/\s+/g, '-');
  const { startDate, endDate, month, year } = filter;
  const pad = (n: number) => String(n).padStart(2, '0');
  const period = [
    year ? (month ? `${year}-${pad(month)}` : String(year)) : month ? `month-${pad(month)}` : '',
    startDate || endDate ? `${startDate || 'start'}_${endDate || 'end'}` : '',
  ].filter(Boolean);
  return `${title}-${period.join('-') || 'all'}.csv`;
}
