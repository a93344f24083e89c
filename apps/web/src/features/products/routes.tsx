import { type AppRoute, type MenuSection, page } from '../../app/route-types';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  page(async () => ({ default: (await load())[name] }));
const form = () => import('./pages/ProductFormPage');

export const productsRoutes: AppRoute[] = [
  { path: 'products', handle: { title: 'Products' }, lazy: page(() => import('./pages/ProductsListPage')) },
  {
    path: 'products/recover',
    handle: { title: 'Recover Products' },
    lazy: page(() => import('./pages/ProductsRecoverPage')),
  },
  { path: 'products/new', handle: { title: 'New Product' }, lazy: named(form, 'ProductNewPage') },
  { path: 'products/edit/:id', handle: { title: 'Edit Product' }, lazy: named(form, 'ProductEditPage') },
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
  { path: 'products/:id', handle: { title: 'Product' }, lazy: named(form, 'ProductViewPage') },
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
