import { type AppRoute, type MenuSection, recordRoutes } from '../../app/route-types';

export const distributorsRoutes: AppRoute[] = recordRoutes({
  path: 'distributors',
  plural: 'Suppliers',
  singular: 'Supplier',
  list: () => import('./pages/DistributorsListPage'),
  form: () => import('./pages/DistributorFormPage'),
  pages: { new: 'DistributorNewPage', edit: 'DistributorEditPage', view: 'DistributorViewPage' },
});

export const distributorsMenu: MenuSection = {
  label: 'Distributors',
  entries: [
    { label: 'All Suppliers', to: '/distributors' },
    { label: 'New Supplier', to: '/distributors/new' },
    { label: 'Supplier Invoices', to: '/distributors/invoices' },
    { label: 'New Supplier Invoice', to: '/distributors/invoices/new' },
  ],
};
