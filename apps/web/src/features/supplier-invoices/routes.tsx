import { route } from '../../lib/route-types';

const form = () => import('./pages/SupplierInvoiceFormPage');

/** Supplier invoices; their payment histories are in the payments area's routes. */
export const supplierInvoicesRoutes = [
  route('distributors/invoices', 'Supplier Invoices', () => import('./pages/SupplierInvoicesListPage')),
  route('distributors/invoices/new', 'New Supplier Invoice', form, 'SupplierInvoiceNewPage'),
  route('distributors/invoices/edit/:id', 'Edit Supplier Invoice', form, 'SupplierInvoiceEditPage'),
  route('distributors/invoices/:id', 'Supplier Invoice', form, 'SupplierInvoiceViewPage'),
];
