import { recordArea, route } from '../../lib/route-types';

const area = recordArea({
  path: 'customers',
  plural: 'Customers',
  singular: 'Customer',
  list: () => import('./pages/CustomersListPage'),
  recover: () => import('./pages/CustomersRecoverPage'),
  form: () => import('./pages/CustomerFormPage'),
  pages: { new: 'CustomerNewPage', edit: 'CustomerEditPage', view: 'CustomerViewPage' },
  menu: { label: 'Customers' },
});

export const customersRoutes = [
  ...area.routes,
  // The spec's other name for the customer list.
  route('buyers', 'Customers', () => import('./pages/CustomersListPage')),
];
export const customersMenu = area.menu;
