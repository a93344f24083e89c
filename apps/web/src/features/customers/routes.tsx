import { type AppRoute, type MenuSection, page, recordRoutes } from '../../app/route-types';

export const customersRoutes: AppRoute[] = [
  ...recordRoutes({
    path: 'customers',
    plural: 'Customers',
    singular: 'Customer',
    list: () => import('./pages/CustomersListPage'),
    recover: () => import('./pages/CustomersRecoverPage'),
    form: () => import('./pages/CustomerFormPage'),
    pages: { new: 'CustomerNewPage', edit: 'CustomerEditPage', view: 'CustomerViewPage' },
  }),
  // The spec's other name for the customer list.
  { path: 'buyers', handle: { title: 'Customers' }, lazy: page(() => import('./pages/CustomersListPage')) },
];

export const customersMenu: MenuSection = {
  label: 'Customers',
  entries: [
    { label: 'All Customers', to: '/customers' },
    { label: 'New Customer', to: '/customers/new' },
    { label: 'Recover Customers', to: '/customers/recover' },
  ],
};
