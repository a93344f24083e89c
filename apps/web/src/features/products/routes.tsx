import { type AppRoute, recordArea, route } from '../../lib/route-types';

const area = recordArea({
  path: 'products',
  plural: 'Products',
  singular: 'Product',
  list: () => import('./pages/ProductsListPage'),
  recover: () => import('./pages/ProductsRecoverPage'),
  form: () => import('./pages/ProductFormPage'),
  pages: { new: 'ProductNewPage', edit: 'ProductEditPage', view: 'ProductViewPage' },
  menu: { label: 'Products', extra: [{ label: 'Barcode Labels', to: '/products/barcode' }] },
});

export const productsRoutes: AppRoute[] = [
  route('products/barcode', 'Barcode Labels', () => import('./pages/BarcodeLabelsPage')),
  route('products/barcode/print', 'Print Barcode Labels', () => import('./pages/BarcodePrintPage')),
  ...area.routes,
];

export const productsMenu = area.menu;
