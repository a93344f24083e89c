import { recordArea } from '../../lib/route-types';

export const { routes: billersRoutes, menu: billersMenu } = recordArea({
  path: 'billers',
  plural: 'Billers',
  singular: 'Biller',
  list: () => import('./pages/BillersListPage'),
  recover: () => import('./pages/BillersRecoverPage'),
  form: () => import('./pages/BillerFormPage'),
  pages: { new: 'BillerNewPage', edit: 'BillerEditPage', view: 'BillerViewPage' },
  menu: { label: 'Billers' },
});
