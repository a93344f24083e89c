import { type AppRoute, type MenuSection, route } from '../../lib/route-types';

/** /dashboard: its page (and the charts with it) loads only when opened. */
export const dashboardRoutes: AppRoute[] = [route('dashboard', 'Dashboard', () => import('./pages/DashboardPage'))];

export const dashboardMenu: MenuSection = {
  label: 'Dashboard',
  entries: [{ label: 'Dashboard', to: '/dashboard' }],
};
