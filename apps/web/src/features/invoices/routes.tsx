import { type AppRoute, page } from '../../app/route-types';

export const invoicesRoutes: AppRoute[] = [
  { path: 'invoices', handle: { title: 'Invoices' }, lazy: page(() => import('./pages/InvoicesEmptyState')) },
];
