import { recordArea } from '../../lib/route-types';

export const { routes: distributorsRoutes, menu: distributorsMenu } = recordArea({
  path: 'distributors',
  plural: 'Suppliers',
  singular: 'Supplier',
  list: () => import('./pages/DistributorsListPage'),
  form: () => import('./pages/DistributorFormPage'),
  pages: { new: 'DistributorNewPage', edit: 'DistributorEditPage', view: 'DistributorViewPage' },
  menu: {
    label: 'Distributors',
    extra: [
      { label: 'Supplier Invoices', to: '/distributors/invoices' },
      { label: 'New Supplier Invoice', to: '/distributors/invoices/new' },
    ],
  },
});
