import { requireAdmin } from '../../lib/guards';
import { recordArea } from '../../lib/route-types';

const area = recordArea({
  path: 'users',
  plural: 'Users',
  singular: 'User',
  list: () => import('./pages/UsersListPage'),
  form: () => import('./pages/UserFormPage'),
  pages: { new: 'UserNewPage', edit: 'UserEditPage', view: 'UserViewPage' },
  menu: { label: 'Users', adminOnly: true },
});

/** Admins only: every route checks the signed-in user's type first. */
export const usersRoutes = area.routes.map((route) => ({ ...route, loader: requireAdmin }));
export const usersMenu = area.menu;
