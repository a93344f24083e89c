import { requireAdmin } from '../../lib/guards';
import { type MenuSection, route } from '../../lib/route-types';

const pages = () => import('./pages/ImportPage');

/** /import/products and /import/customers: CSV import (admins only, docs/import.md). */
export const importRoutes = [
  route('import/products', 'Import Products', pages, 'ImportProductsPage'),
  route('import/customers', 'Import Customers', pages, 'ImportCustomersPage'),
].map((r) => ({ ...r, loader: requireAdmin }));

export const importMenu: MenuSection = {
  label: 'Import',
  adminOnly: true,
  entries: [
    { label: 'Import Products', to: '/import/products' },
    { label: 'Import Customers', to: '/import/customers' },
  ],
};
