import { requireAdmin } from '../../app/guards';
import { type AppRoute, type MenuSection, page } from '../../app/route-types';

export const usersRoutes: AppRoute[] = [
  {
    path: 'users',
    loader: requireAdmin,
    handle: { title: 'Users' },
    lazy: page(() => import('./pages/UsersListPage')),
  },
  {
    path: 'users/new',
    loader: requireAdmin,
    handle: { title: 'New User' },
    lazy: page(() => import('./pages/UserNewPage')),
  },
  {
    path: 'users/edit/:id',
    loader: requireAdmin,
    handle: { title: 'Edit User' },
    lazy: page(() => import('./pages/UserEditPage')),
  },
  {
    path: 'users/:id',
    loader: requireAdmin,
    handle: { title: 'User' },
    lazy: page(() => import('./pages/UserViewPage')),
  },
];

export const usersMenu: MenuSection = {
  label: 'Users',
  adminOnly: true,
  entries: [
    { label: 'All Users', to: '/users' },
    { label: 'New User', to: '/users/new' },
  ],
};
