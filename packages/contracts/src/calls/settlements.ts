import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import {
  settlementAdjustBody,
  settlementCloseBody,
  settlementListFilter,
  settlementOpenBody,
  settlementResponse,
  settlementsResponse,
  settlementUpdateBody,
} from '../settlements.js';
import { csvExportCall } from './export.js';

/** The driver's end-of-day settlement: truck stock and money, over/short, closed once. */
export const settlementCalls = defineCalls('settlements', {
  list: {
    method: 'POST',
    reads: true,
    path: '/settlement/all',
    summary:
      'Settlements by driver, period (start and end dates) and status, newest first, with over/short totals over every row',
    body: settlementListFilter,
    response: settlementsResponse,
    errors: [403],
  },
  export: { ...csvExportCall('/settlement/export', settlementListFilter, 'Settlements'), errors: [403, 429] },
  open: {
    method: 'POST',
    path: '/settlement/open',
    summary:
      "Open a driver's settlement for a day (or answer the one already there): the truck's expected stock and the money to hand in",
    body: settlementOpenBody,
    response: settlementResponse,
    errors: [403, 404, 409],
  },
  get: {
    method: 'GET',
    path: '/settlement/:id',
    summary: 'A settlement: expected and counted stock, expected and handed-in money, over/short',
    params: idParams,
    response: settlementResponse,
    errors: [403, 404],
  },
  update: {
    method: 'PATCH',
    path: '/settlement/update',
    summary: 'Enter counted quantities and handed-in amounts on an open settlement',
    body: settlementUpdateBody,
    response: settlementResponse,
    errors: [403, 404, 409],
  },
  close: {
    method: 'POST',
    path: '/settlement/close/:id',
    summary:
      'Close a settlement with a note: the truck is set to its count and unloaded into the warehouse; it never changes after',
    params: idParams,
    body: settlementCloseBody,
    response: settlementResponse,
    errors: [403, 404, 409],
  },
  adjust: {
    method: 'POST',
    path: '/settlement/adjust/:id',
    summary: 'Add an adjusting entry (over + or short −) with a note to a closed settlement (audited)',
    params: idParams,
    body: settlementAdjustBody,
    response: settlementResponse,
    errors: [403, 404, 409],
  },
});
