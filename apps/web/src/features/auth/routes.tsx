import { guestOnly } from '../../lib/guards';
import { type AppRoute, page } from '../../lib/route-types';

export const authRoutes: AppRoute[] = [
  {
    path: '/signIn',
    loader: guestOnly,
    handle: { title: 'Sign In', public: true },
    lazy: page(() => import('./pages/SignInPage')),
  },
  {
    path: '/changePassword',
    handle: { title: 'Change Password', public: true },
    lazy: page(() => import('./pages/ChangePasswordPage')),
  },
];
