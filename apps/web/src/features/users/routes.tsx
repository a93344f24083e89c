import { requireAdmin } from '../../app/guards';
import { type AppRoute, type MenuSection, recordRoutes } from '../../app/route-types';

/** Admins only: every route checks the signed-in user's type first. */
export const usersRoutes: AppRoute[] = recordRoutes({
  path: 'users',
  plural: 'Users',
  singular: 'User',
  list: () => import('./pages/UsersListPage'),
  form: () => import('./pages/UserFormPage'),
  pages: { new: 'UserNewPage', edit: 'UserEditPage', view: 'UserViewPage' },
}).map((route) => ({ ...route, loader: requireAdmin }));

export const usersMenu: MenuSection = {
  label: 'Users',
  adminOnly: true,
  entries: [
    { label: 'All Users', to: '/users' },
    { label: 'New User', to: '/users/new' },
  ],
};
