import { route } from '../../lib/route-types';

const form = () => import('./pages/DistributorInvoiceFormPage');

/** Supplier invoices; their payment histories are in the payments area's routes. */
export const distributorInvoicesRoutes = [
  route('distributors/invoices', 'Supplier Invoices', () => import('./pages/DistributorInvoicesListPage')),
  route('distributors/invoices/new', 'New Supplier Invoice', form, 'DistributorInvoiceNewPage'),
  route('distributors/invoices/edit/:id', 'Edit Supplier Invoice', form, 'DistributorInvoiceEditPage'),
  route('distributors/invoices/:id', 'Supplier Invoice', form, 'DistributorInvoiceViewPage'),
];
