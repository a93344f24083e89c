import { type AppRoute, type MenuSection, route } from '../../lib/route-types';

/** /stock: on hand by location, counts, loads and unloads; /stock/movements: the ledger. */
export const stockRoutes: AppRoute[] = [
  route('stock', 'Stock', () => import('./pages/StockPage')),
  route('stock/movements', 'Stock Movements', () => import('./pages/StockMovementsPage')),
];

export const stockMenu: MenuSection = {
  label: 'Stock',
  entries: [
    { label: 'Stock on Hand', to: '/stock' },
    { label: 'Stock Movements', to: '/stock/movements' },
  ],
};
