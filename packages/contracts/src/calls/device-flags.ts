import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import {
  deviceFlagListFilter,
  deviceFlagRecordResponse,
  deviceFlagRecordsResponse,
  deviceFlagSettleBody,
} from '../device-flags.js';

/** Driver flags: what drivers' syncs stored differently from the office's data, settled by an admin. */
export const deviceFlagCalls = defineCalls('deviceFlags', {
  list: {
    method: 'POST',
    reads: true,
    path: '/deviceFlag/all',
    summary:
      "Flags of drivers' synced invoices, newest first: open (the default), settled or all; search by message, driver or invoice number (admins only)",
    auth: 'admin',
    body: deviceFlagListFilter,
    response: deviceFlagRecordsResponse,
  },
  settle: {
    method: 'POST',
    path: '/deviceFlag/settle/:id',
    summary: 'Settle an open flag with a note saying what the office did (admins only)',
    auth: 'admin',
    params: idParams,
    body: deviceFlagSettleBody,
    response: deviceFlagRecordResponse,
    errors: [404, 409],
  },
});
