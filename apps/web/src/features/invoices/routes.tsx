import { type AppRoute, type MenuSection, page } from '../../app/route-types';

export const invoicesRoutes: AppRoute[] = [
  { path: 'invoices', handle: { title: 'Invoices' }, lazy: page(() => import('./pages/InvoicesListPage')) },
  { path: 'invoices/new', handle: { title: 'New Invoice' }, lazy: page(() => import('./pages/NewInvoicePage')) },
  { path: 'invoices/:type/new', handle: { title: 'New Invoice' }, lazy: page(() => import('./pages/NewInvoicePage')) },
  { path: 'invoices/edit/:id', handle: { title: 'Edit Invoice' }, lazy: page(() => import('./pages/EditInvoicePage')) },
  { path: 'invoices/:id', handle: { title: 'Invoice' }, lazy: page(() => import('./pages/InvoiceDetailPage')) },
];

export const invoicesMenu: MenuSection = {
  label: 'Invoices',
  entries: [
    { label: 'All Invoices', to: '/invoices' },
    { label: 'New Invoice', to: '/invoices/new' },
    { label: 'New Consignment', to: '/invoices/consignment/new' },
  ],
};
