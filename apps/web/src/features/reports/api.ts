import { type AgingFilterInput, callPath, callRoutes, type ReportFilterInput, type ReportName } from '@wd/contracts';
import { fetchFile, saveBlob } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { keys } from '../../lib/query-keys';

const { receivablesCalls, reportCalls } = callRoutes;

/** The five reports' data layer (docs/reports.md): a list source per report and the CSV download. */
export const reportSources = {
  product: listSource(reportCalls.product, keys.reports.list('product')),
  customer: listSource(reportCalls.customer, keys.reports.list('customer')),
  customerSummary: listSource(reportCalls.customerSummary, keys.reports.list('customerSummary')),
  biller: listSource(reportCalls.biller, keys.reports.list('biller')),
  damagedGoods: listSource(reportCalls.damagedGoods, keys.reports.list('damagedGoods')),
  aging: listSource(receivablesCalls.aging, keys.reports.list('aging')),
};

/**
 * The report as CSV with the screen's filter (every matching row and a totals
 * row), saved under the server's file name (asked for by POST with the filter).
 */
export async function downloadReportCsv(name: ReportName, filter: ReportFilterInput) {
  const { blob, filename } = await fetchFile(callPath(reportCalls[`${name}Csv`]), `${name}-report.csv`, filter);
  saveBlob(blob, filename);
}

/** The aging report as CSV, as of the screen's date (the server names the file after it). */
export async function downloadAgingCsv(filter: AgingFilterInput) {
  const { blob, filename } = await fetchFile(callPath(receivablesCalls.agingCsv), 'aging.csv', filter);
  saveBlob(blob, filename);
}
