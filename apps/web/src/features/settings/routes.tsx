import { type MenuSection, route } from '../../lib/route-types';

/** /settings: every signed-in user may read it; only admins change it (and see it in the menu). */
export const settingsRoutes = [route('settings', 'Settings', () => import('./pages/SettingsPage'))];

export const settingsMenu: MenuSection = {
  label: 'Settings',
  adminOnly: true,
  entries: [{ label: 'Settings', to: '/settings' }],
};
