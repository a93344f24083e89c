import { type AppRoute, type MenuSection, route } from '../../lib/route-types';

/** /stock: on hand by location, counts, loads and unloads; the ledger; the morning load sheet; reorder. */
export const stockRoutes: AppRoute[] = [
  route('stock', 'Stock', () => import('./pages/StockPage')),
  route('stock/movements', 'Stock Movements', () => import('./pages/StockMovementsPage')),
  route('stock/load', 'Load Sheet', () => import('./pages/LoadSheetPage')),
  route('stock/reorder', 'Below Reorder Point', () => import('./pages/ReorderPage')),
];

export const stockMenu: MenuSection = {
  label: 'Stock',
  entries: [
    { label: 'Stock on Hand', to: '/stock' },
    { label: 'Stock Movements', to: '/stock/movements' },
    { label: 'Load Sheet', to: '/stock/load' },
    { label: 'Below Reorder Point', to: '/stock/reorder' },
  ],
};
