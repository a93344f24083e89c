import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import { z } from '../common/zod.js';

/** Whether the draft was removed (false: it was touched, or already submitted, and is kept). */
export const invoiceDraftDiscardResponse = z.object({ discarded: z.boolean() }).meta({ id: 'InvoiceDraftDiscard' });

/** Calls for invoice drafts: the empty NEW invoice the New Invoice route creates. */
export const invoiceDraftCalls = defineCalls('invoices', {
  discardDraft: {
    method: 'POST',
    path: '/invoice/discardDraft/:id',
    summary: 'Remove a NEW invoice nobody touched (no customer, line, payment or text); anything else is kept',
    params: idParams,
    response: invoiceDraftDiscardResponse,
    errors: [404],
  },
});
