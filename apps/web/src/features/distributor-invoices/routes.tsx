import { type AppRoute, page } from '../../app/route-types';

const form = () => import('./pages/DistributorInvoiceFormPage');
const history = () => import('../payments/pages/PaymentHistoryPage');

export const distributorInvoicesRoutes: AppRoute[] = [
  {
    path: 'distributors/invoices',
    handle: { title: 'Supplier Invoices' },
    lazy: page(() => import('./pages/DistributorInvoicesListPage')),
  },
  {
    path: 'distributors/invoices/new',
    handle: { title: 'New Supplier Invoice' },
    lazy: page(async () => ({ default: (await form()).DistributorInvoiceNewPage })),
  },
  {
    path: 'distributors/invoices/edit/:id',
    handle: { title: 'Edit Supplier Invoice' },
    lazy: page(async () => ({ default: (await form()).DistributorInvoiceEditPage })),
  },
  {
    path: 'distributors/invoices/:id',
    handle: { title: 'Supplier Invoice' },
    lazy: page(async () => ({ default: (await form()).DistributorInvoiceViewPage })),
  },
  { path: 'distributors/invoices/:id/payments', handle: { title: 'Supplier Invoice Payments' }, lazy: page(history) },
  { path: 'distributors/:id/payments', handle: { title: 'Supplier Payments' }, lazy: page(history) },
];
