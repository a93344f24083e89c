import { type AppRoute, type MenuSection, page } from '../../app/route-types';

const form = () => import('./pages/DistributorFormPage');

export const distributorsRoutes: AppRoute[] = [
  { path: 'distributors', handle: { title: 'Suppliers' }, lazy: page(() => import('./pages/DistributorsListPage')) },
  {
    path: 'distributors/new',
    handle: { title: 'New Supplier' },
    lazy: page(async () => ({ default: (await form()).DistributorNewPage })),
  },
  {
    path: 'distributors/edit/:id',
    handle: { title: 'Edit Supplier' },
    lazy: page(async () => ({ default: (await form()).DistributorEditPage })),
  },
  {
    path: 'distributors/:id',
    handle: { title: 'Supplier' },
    lazy: page(async () => ({ default: (await form()).DistributorViewPage })),
  },
];

export const distributorsMenu: MenuSection = {
  label: 'Distributors',
  entries: [
    { label: 'All Suppliers', to: '/distributors' },
    { label: 'New Supplier', to: '/distributors/new' },
    { label: 'Supplier Invoices', to: '/distributors/invoices' },
    { label: 'New Supplier Invoice', to: '/distributors/invoices/new' },
  ],
};
