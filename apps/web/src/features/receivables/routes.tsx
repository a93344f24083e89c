import { route } from '../../lib/route-types';

/** A customer's statement of account (docs/receivables.md); the aging report lives with the reports. */
export const receivablesRoutes = [route('customers/:id/statement', 'Statement', () => import('./pages/StatementPage'))];
