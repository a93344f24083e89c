import { type AppRoute, type MenuSection, recordRoutes } from '../../app/route-types';

export const billersRoutes: AppRoute[] = recordRoutes({
  path: 'billers',
  plural: 'Billers',
  singular: 'Biller',
  list: () => import('./pages/BillersListPage'),
  recover: () => import('./pages/BillersRecoverPage'),
  form: () => import('./pages/BillerFormPage'),
  pages: { new: 'BillerNewPage', edit: 'BillerEditPage', view: 'BillerViewPage' },
});

export const billersMenu: MenuSection = {
  label: 'Billers',
  entries: [
    { label: 'All Billers', to: '/billers' },
    { label: 'New Biller', to: '/billers/new' },
    { label: 'Recover Billers', to: '/billers/recover' },
  ],
};
