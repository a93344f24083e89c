import { type AppRoute, route } from '../../lib/route-types';

/** /settlements: the drivers' end-of-day settlements; /settlements/:id: one of them. */
export const settlementsRoutes: AppRoute[] = [
  route('settlements', 'Settlements', () => import('./pages/SettlementsPage')),
  route('settlements/:id', 'Settlement', () => import('./pages/SettlementPage')),
];

/** The side menu's entry, in the Stock section. */
export const settlementsMenuEntry = { label: 'Settlements', to: '/settlements' };
