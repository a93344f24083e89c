import { type AppRoute, type MenuSection, page } from '../../app/route-types';

const form = () => import('./pages/CustomerFormPage');

export const customersRoutes: AppRoute[] = [
  { path: 'customers', handle: { title: 'Customers' }, lazy: page(() => import('./pages/CustomersListPage')) },
  {
    path: 'customers/recover',
    handle: { title: 'Recover Customers' },
    lazy: page(() => import('./pages/CustomersRecoverPage')),
  },
  { path: 'buyers', handle: { title: 'Customers' }, lazy: page(() => import('./pages/CustomersListPage')) },
  {
    path: 'customers/new',
    handle: { title: 'New Customer' },
    lazy: page(async () => ({ default: (await form()).CustomerNewPage })),
  },
  {
    path: 'customers/edit/:id',
    handle: { title: 'Edit Customer' },
    lazy: page(async () => ({ default: (await form()).CustomerEditPage })),
  },
  {
    path: 'customers/:id',
    handle: { title: 'Customer' },
    lazy: page(async () => ({ default: (await form()).CustomerViewPage })),
  },
];

export const customersMenu: MenuSection = {
  label: 'Customers',
  entries: [
    { label: 'All Customers', to: '/customers' },
    { label: 'New Customer', to: '/customers/new' },
    { label: 'Recover Customers', to: '/customers/recover' },
  ],
};
