import { type AppRoute, type MenuSection, route } from '../../lib/route-types';

const newInvoice = () => import('./pages/NewInvoicePage');

export const invoicesRoutes: AppRoute[] = [
  route('invoices', 'Invoices', () => import('./pages/InvoicesListPage')),
  route('invoices/new', 'New Invoice', newInvoice),
  route('invoices/:type/new', 'New Invoice', newInvoice),
  route('invoices/edit/:id', 'Edit Invoice', () => import('./pages/EditInvoicePage')),
  route('invoices/print/:id', 'Print Invoice', () => import('../invoice-documents/pages/InvoicePrintPage')),
  route('invoices/thermalPrint/:id', 'Thermal Print', () => import('../invoice-documents/pages/ThermalPrintPage')),
  route('invoices/emailPDF/:id', 'Email Invoice', () => import('../invoice-documents/pages/EmailPdfPage')),
  route('invoices/:id', 'Invoice', () => import('./pages/InvoiceDetailPage')),
];

export const invoicesMenu: MenuSection = {
  label: 'Invoices',
  entries: [
    { label: 'All Invoices', to: '/invoices' },
    { label: 'New Invoice', to: '/invoices/new' },
    { label: 'New Consignment', to: '/invoices/consignment/new' },
  ],
};
