import { type AppRoute, page, pageExport } from '../../app/route-types';

const form = () => import('./pages/DistributorInvoiceFormPage');

/** Supplier invoices; their payment histories are in the payments area's routes. */
export const distributorInvoicesRoutes: AppRoute[] = [
  {
    path: 'distributors/invoices',
    handle: { title: 'Supplier Invoices' },
    lazy: page(() => import('./pages/DistributorInvoicesListPage')),
  },
  {
    path: 'distributors/invoices/new',
    handle: { title: 'New Supplier Invoice' },
    lazy: pageExport(form, 'DistributorInvoiceNewPage'),
  },
  {
    path: 'distributors/invoices/edit/:id',
    handle: { title: 'Edit Supplier Invoice' },
    lazy: pageExport(form, 'DistributorInvoiceEditPage'),
  },
  {
    path: 'distributors/invoices/:id',
    handle: { title: 'Supplier Invoice' },
    lazy: pageExport(form, 'DistributorInvoiceViewPage'),
  },
];
