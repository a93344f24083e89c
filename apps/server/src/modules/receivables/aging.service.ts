import { AGING_COLUMNS, type AgingFilter, type AgingReport, MAX_PAGE_SIZE, toDollars, todayIn } from '@wd/contracts';
import type { AppContext } from '../../lib/context.js';
import { tableCsv } from '../../lib/csv.js';
import { pageResponse } from '../../lib/list.js';
import { agingPage } from './aging.repository.js';

const MONEY = ['days0to30', 'days31to60', 'days61to90', 'over90', 'total'] as const;

/** A row or the totals from SQL (sums come as text, in cents) → the wire (dollars, whole counts). */
function toWire<T extends Record<string, unknown>>(row: T) {
  const out: Record<string, unknown> = { ...row, openInvoices: Number(row.openInvoices) };
  for (const key of MONEY) out[key] = toDollars(Number(row[key] ?? 0));
  if ('customerId' in row) out.customerId = Number(row.customerId);
  return out;
}

export const AGING_CSV_COLUMNS = [
  ['customer', 'Customer'],
  ['customerId', 'Customer ID'],
  ['openInvoices', 'Open Invoices'],
  ['oldest', 'Oldest Invoice'],
  ...AGING_COLUMNS,
  ['total', 'Total Due'],
] as const;

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
    async csv(filter: AgingFilter): Promise<{ body: Buffer; fileName: string }> {
      const all = await aging({ ...filter, currentPage: 1, resultsPerPage: MAX_PAGE_SIZE });
      const body = tableCsv({
        columns: AGING_CSV_COLUMNS,
        rows: all.report,
        totals: { ...all.totals, customerId: undefined },
        whole: new Set(['customerId', 'openInvoices']),
      });
      return { body, fileName: `aging-${all.asOf}.csv` };
    },
  };
}
