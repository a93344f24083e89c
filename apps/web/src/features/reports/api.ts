import { callPath, type ReportFilterInput, type ReportName, reportCalls } from '@wd/contracts';
import { ApiError, dispositionFilename, NetworkError, saveBlob } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { keys } from '../../lib/query-keys';
import { session } from '../../lib/session';

/** The five reports' data layer (docs/reports.md): a list source per report and the CSV download. */
export const reportSources = {
  product: listSource(reportCalls.product, keys.reports.list('product')),
  customer: listSource(reportCalls.customer, keys.reports.list('customer')),
  customerSummary: listSource(reportCalls.customerSummary, keys.reports.list('customerSummary')),
  biller: listSource(reportCalls.biller, keys.reports.list('biller')),
  damagedGoods: listSource(reportCalls.damagedGoods, keys.reports.list('damagedGoods')),
};

/**
 * The report as CSV with the screen's filter (every matching row and a totals
 * row), saved under the server's file name. The CSV calls are POSTs with a
 * body, which the api client's fetchFile (GET only) does not send.
 */
export async function downloadReportCsv(name: ReportName, filter: ReportFilterInput) {
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(`/api/${callPath(reportCalls[`${name}Csv`])}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Token: token } : {}) },
      body: JSON.stringify(filter),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string; field?: string };
    if (response.status === 401 && token && session.token() === token) session.clear();
    throw new ApiError(response.status, data.message ?? `The server answered ${response.status}`, data.field);
  }
  const filename = dispositionFilename(response.headers.get('content-disposition'), `${name}-report.csv`);
  saveBlob(await response.blob(), filename);
}
