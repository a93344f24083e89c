import { requireAdmin } from '../../lib/guards';
import { type AppRoute, type MenuSection, route } from '../../lib/route-types';

/** /routes/flags: what drivers' syncs stored differently from the office's data (admins only). */
export const deviceFlagsRoutes: AppRoute[] = [
  route('routes/flags', 'Driver Flags', () => import('./pages/DeviceFlagsPage')),
].map((r) => ({ ...r, loader: requireAdmin }));

/** The side menu's entry, for a section of its own (or to add to the Routes section's entries). */
export const deviceFlagsMenuEntry = { label: 'Driver Flags', to: '/routes/flags' };
export const deviceFlagsMenu: MenuSection = {
  label: 'Driver Flags',
  adminOnly: true,
  entries: [deviceFlagsMenuEntry],
};
