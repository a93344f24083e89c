import { route } from '../../../lib/route-types';

/** A customer's receipts (docs/receivables.md "Receipts"); the Receive Payment form is a dialog. */
export const receiptsRoutes = [
  route('customers/:id/receipts', 'Receipts', () => import('./pages/CustomerReceiptsPage')),
];
