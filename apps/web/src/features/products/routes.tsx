import { type AppRoute, type MenuSection, page, recordRoutes } from '../../app/route-types';

export const productsRoutes: AppRoute[] = [
  {
    path: 'products/barcode',
    handle: { title: 'Barcode Labels' },
    lazy: page(() => import('./pages/BarcodeLabelsPage')),
  },
  {
    path: 'products/barcode/print',
    handle: { title: 'Print Barcode Labels' },
    lazy: page(() => import('./pages/BarcodePrintPage')),
  },
  ...recordRoutes({
    path: 'products',
    plural: 'Products',
    singular: 'Product',
    list: () => import('./pages/ProductsListPage'),
    recover: () => import('./pages/ProductsRecoverPage'),
    form: () => import('./pages/ProductFormPage'),
    pages: { new: 'ProductNewPage', edit: 'ProductEditPage', view: 'ProductViewPage' },
  }),
];

export const productsMenu: MenuSection = {
  label: 'Products',
  entries: [
    { label: 'All Products', to: '/products' },
    { label: 'New Product', to: '/products/new' },
    { label: 'Barcode Labels', to: '/products/barcode' },
    { label: 'Recover Products', to: '/products/recover' },
  ],
};
