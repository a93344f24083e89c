import type { PaymentKind } from '@wd/contracts';
import type { PaymentsOf } from './api';

/** One payment history screen: its route, title, whose payments, and where Back goes. */
export interface PaymentHistoryScreen {
  path: string;
  title: string;
  kind: PaymentKind;
  of: PaymentsOf;
  back: (id: number) => string;
}

/** The four payment histories: one screen, told apart here and not by the URL it is opened at. */
export const paymentHistoryScreens: PaymentHistoryScreen[] = [
  {
    path: 'payment/invoice/:id',
    title: 'Invoice Payments',
    kind: 'customer',
    of: 'invoice',
    back: (id) => `/invoices/edit/${id}`,
  },
  { path: 'payment/customer/:id', title: 'Customer Payments', kind: 'customer', of: 'party', back: () => '/customers' },
  {
    path: 'distributors/invoices/:id/payments',
    title: 'Supplier Invoice Payments',
    kind: 'supplier',
    of: 'invoice',
    back: () => '/distributors/invoices',
  },
  {
    path: 'distributors/:id/payments',
    title: 'Supplier Payments',
    kind: 'supplier',
    of: 'party',
    back: () => '/distributors',
  },
];
