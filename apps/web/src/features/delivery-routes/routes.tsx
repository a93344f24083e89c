import { requireAdmin } from '../../lib/guards';
import { type AppRoute, page, recordArea } from '../../lib/route-types';

const area = recordArea({
  path: 'routes',
  plural: 'Routes',
  singular: 'Route',
  list: () => import('./pages/RoutesListPage'),
  form: () => import('./pages/RouteFormPage'),
  pages: { new: 'RouteNewPage', edit: 'RouteEditPage', view: 'RouteViewPage' },
  menu: {
    label: 'Routes',
    adminOnly: true,
    extra: [
      { label: 'Routes Today', to: '/routes/today' },
      { label: 'Number Blocks', to: '/routes/numbers' },
    ],
  },
});

const numbers: AppRoute = {
  path: 'routes/numbers',
  handle: { title: 'Number Blocks' },
  lazy: page(() => import('./pages/NumberBlocksPage')),
};

const today: AppRoute = {
  path: 'routes/today',
  handle: { title: 'Routes Today' },
  lazy: page(() => import('./pages/RoutesTodayPage')),
};

/** Admins keep the routes, follow the day and see the number blocks. */
export const deliveryRoutesRoutes = [numbers, today, ...area.routes].map((route) => ({
  ...route,
  loader: requireAdmin,
}));
export const deliveryRoutesMenu = area.menu;
