import { type AppRoute, type MenuSection, page } from '../../app/route-types';

const form = () => import('./pages/BillerFormPage');

export const billersRoutes: AppRoute[] = [
  { path: 'billers', handle: { title: 'Billers' }, lazy: page(() => import('./pages/BillersListPage')) },
  {
    path: 'billers/recover',
    handle: { title: 'Recover Billers' },
    lazy: page(() => import('./pages/BillersRecoverPage')),
  },
  {
    path: 'billers/new',
    handle: { title: 'New Biller' },
    lazy: page(async () => ({ default: (await form()).BillerNewPage })),
  },
  {
    path: 'billers/edit/:id',
    handle: { title: 'Edit Biller' },
    lazy: page(async () => ({ default: (await form()).BillerEditPage })),
  },
  {
    path: 'billers/:id',
    handle: { title: 'Biller' },
    lazy: page(async () => ({ default: (await form()).BillerViewPage })),
  },
];

export const billersMenu: MenuSection = {
  label: 'Billers',
  entries: [
    { label: 'All Billers', to: '/billers' },
    { label: 'New Biller', to: '/billers/new' },
    { label: 'Recover Billers', to: '/billers/recover' },
  ],
};
