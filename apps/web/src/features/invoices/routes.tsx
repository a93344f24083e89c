import { type AppRoute, type MenuSection, route } from '../../lib/route-types';
import { prefetchInvoice } from './invoice-queries';

const newInvoice = () => import('./pages/NewInvoicePage');

export const invoicesRoutes: AppRoute[] = [
  route('invoices', 'Invoices', () => import('./pages/InvoicesListPage')),
  route('invoices/new', 'New Invoice', newInvoice),
  route('invoices/:type/new', 'New Invoice', newInvoice),
  // The invoice is asked for beside the screen's code (invoice-queries.ts).
  { ...route('invoices/edit/:id', 'Edit Invoice', () => import('./pages/EditInvoicePage')), loader: prefetchInvoice },
  route('invoices/print/:id', 'Print Invoice', () => import('../invoice-documents/pages/InvoicePrintPage')),
  route('invoices/thermalPrint/:id', 'Thermal Print', () => import('../invoice-documents/pages/ThermalPrintPage')),
  route('invoices/emailPDF/:id', 'Email Invoice', () => import('../invoice-documents/pages/EmailPdfPage')),
  { ...route('invoices/:id', 'Invoice', () => import('./pages/InvoiceDetailPage')), loader: prefetchInvoice },
];

export const invoicesMenu: MenuSection = {
  label: 'Invoices',
  entries: [
    { label: 'All Invoices', to: '/invoices' },
    { label: 'New Invoice', to: '/invoices/new' },
    { label: 'New Consignment', to: '/invoices/consignment/new' },
  ],
};
