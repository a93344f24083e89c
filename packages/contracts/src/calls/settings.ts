import { defineCalls } from '../common/call.js';
import { settingsResponse, settingsUpdateBody } from '../settings.js';

/** The business's settings (docs/settings.md): everyone reads them, admins change them. */
export const settingsCalls = defineCalls('settings', {
  get: {
    method: 'GET',
    path: '/settings',
    summary:
      "The settings (page sizes, picker sizes, new invoice flags, sender address), the business's time zone, its date and when that date ends",
    response: settingsResponse,
  },
  update: {
    method: 'PATCH',
    path: '/settings/update',
    summary: 'Change the settings (admins only); fields left out keep their value',
    auth: 'admin',
    body: settingsUpdateBody,
    response: settingsResponse,
  },
});
