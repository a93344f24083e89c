import { recordArea } from '../../lib/route-types';

export const { routes: suppliersRoutes, menu: suppliersMenu } = recordArea({
  path: 'distributors',
  plural: 'Suppliers',
  singular: 'Supplier',
  list: () => import('./pages/SuppliersListPage'),
  form: () => import('./pages/SupplierFormPage'),
  pages: { new: 'SupplierNewPage', edit: 'SupplierEditPage', view: 'SupplierViewPage' },
  menu: {
    label: 'Suppliers',
    extra: [
      { label: 'Supplier Invoices', to: '/distributors/invoices' },
      { label: 'New Supplier Invoice', to: '/distributors/invoices/new' },
    ],
  },
});
