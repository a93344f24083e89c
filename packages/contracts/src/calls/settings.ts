import { defineCalls } from '../common/call.js';
import { settingsResponse, settingsUpdateBody } from '../settings.js';

/** The business's settings (docs/settings.md): everyone reads them, admins change them. */
export const settingsCalls = defineCalls('settings', {
  get: {
    method: 'GET',
    path: '/settings',
    summary: 'The settings (page sizes, picker sizes, new invoice flags, sender address)',
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
