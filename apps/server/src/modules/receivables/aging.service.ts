import { type AgingFilter, type AgingReport, MAX_PAGE_SIZE, REPORT_COLUMNS, todayIn } from '@wd/contracts';
import type { AppContext } from '../../lib/context.js';
import { tableCsv } from '../../lib/csv.js';
import type { CsvFile } from '../../lib/export.js';
import { pageResponse } from '../../lib/list.js';
import { toWire as reportWire } from '../reports/reports.service.js';
import { agingPage } from './aging.repository.js';

const { fields, csv } = REPORT_COLUMNS.aging;

/** A row or the totals from SQL (sums come as text, in cents) → the wire (dollars, whole counts), by the columns' kinds. */
const toWire = (row: Record<string, unknown>) => reportWire(fields, row);

export function createAgingService({ db, config }: AppContext) {
  /** The as-of date asked for, or today in the business's time zone. */
  const asOfOf = (filter: AgingFilter) => filter.asOf || todayIn(config.timeZone);

  async function aging(filter: AgingFilter): Promise<AgingReport> {
    const asOf = asOfOf(filter);
    const { rows, totalRows, totals } = await agingPage(db, filter, asOf);
    return {
      ...pageResponse('report', rows.map(toWire), filter, totalRows),
      asOf,
      totals: toWire(totals),
    } as AgingReport;
  }

  return {
    aging,
    /** Every matching customer (a row per customer: thousands at most), then the totals row. */
    async csv(filter: AgingFilter): Promise<CsvFile> {
      const asOf = asOfOf(filter);
      const all = await agingPage(db, { ...filter, currentPage: 1, resultsPerPage: MAX_PAGE_SIZE }, asOf);
      const body = tableCsv({ columns: csv, rows: all.rows, totals: { ...all.totals, customerId: undefined } });
      return { body, fileName: `aging-${asOf}.csv` };
    },
  };
}
