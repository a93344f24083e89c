import { requireAdmin } from '../../lib/guards';
import { type AppRoute, page, recordArea } from '../../lib/route-types';

const area = recordArea({
  path: 'routes',
  plural: 'Routes',
  singular: 'Route',
  list: () => import('./pages/RoutesListPage'),
  form: () => import('./pages/RouteFormPage'),
  pages: { new: 'RouteNewPage', edit: 'RouteEditPage', view: 'RouteViewPage' },
  menu: { label: 'Routes', adminOnly: true, extra: [{ label: 'Number Blocks', to: '/routes/numbers' }] },
});

const numbers: AppRoute = {
  path: 'routes/numbers',
  handle: { title: 'Number Blocks' },
  lazy: page(() => import('./pages/NumberBlocksPage')),
};

/** Admins keep the routes and see the number blocks. */
export const deliveryRoutesRoutes = [numbers, ...area.routes].map((route) => ({ ...route, loader: requireAdmin }));
export const deliveryRoutesMenu = area.menu;
