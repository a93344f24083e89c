import { type AppRoute, page } from '../../app/route-types';

export const paymentsRoutes: AppRoute[] = [
  {
    path: 'payment/invoice/:id',
    handle: { title: 'Invoice Payments' },
    lazy: page(() => import('./pages/PaymentHistoryPage')),
  },
  {
    path: 'payment/customer/:id',
    handle: { title: 'Customer Payments' },
    lazy: page(() => import('./pages/PaymentHistoryPage')),
  },
];
