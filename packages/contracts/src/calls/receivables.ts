import { defineCalls } from '../common/call.js';
import { binaryFile } from '../parties.js';
import { agingFilter, agingResponse } from '../receivables.js';

/** Receivables (docs/receivables.md): the aging report, as a page and as CSV. */
export const receivablesCalls = defineCalls('receivables', {
  aging: {
    method: 'POST',
    path: '/reports/aging',
    summary: 'Aging: per customer, open balances of DUE invoices by days since the invoice date, as of a date',
    body: agingFilter,
    response: agingResponse,
  },
  agingCsv: {
    method: 'POST',
    path: '/reports/aging/csv',
    summary: 'Aging as CSV: every matching customer, then a totals row (text/csv)',
    body: agingFilter,
    response: binaryFile,
  },
});
