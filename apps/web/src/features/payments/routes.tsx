import { type AppRoute, page } from '../../lib/route-types';
import { paymentHistoryScreens } from './histories';

/** The payment histories of both kinds: one screen, which each route tells through its loader data. */
export const paymentsRoutes: AppRoute[] = paymentHistoryScreens.map((screen) => ({
  path: screen.path,
  handle: { title: screen.title },
  loader: () => screen,
  lazy: page(() => import('./pages/PaymentHistoryPage')),
}));
