import { type AppRoute, type MenuSection, page, pageExport } from '../../app/route-types';

const byGroup = () => import('./pages/PriceGroupByProductGroupPage');

export const priceGroupsRoutes: AppRoute[] = [
  {
    path: 'priceGroups',
    handle: { title: 'Customer Price Groups' },
    lazy: page(() => import('./pages/PriceGroupsListPage')),
  },
  {
    path: 'priceGroups/new',
    handle: { title: 'New Customer Price Group' },
    lazy: page(() => import('./pages/PriceGroupFormPage')),
  },
  {
    path: 'priceGroups/edit/productGroup/:id',
    handle: { title: 'Edit by Product Group' },
    lazy: pageExport(byGroup, 'EditByProductGroupPage'),
  },
  {
    path: 'priceGroups/edit/:id',
    handle: { title: 'Edit Customer Price Group' },
    lazy: page(() => import('./pages/PriceGroupFormPage')),
  },
  {
    path: 'priceGroups/:id',
    handle: { title: 'Customer Price Group' },
    lazy: page(() => import('./pages/PriceGroupItemsPage')),
  },
  {
    path: 'priceGroups/:id/add',
    handle: { title: 'Add Item' },
    lazy: page(() => import('./pages/PriceGroupItemFormPage')),
  },
  {
    path: 'priceGroups/:id/edit/:itemID',
    handle: { title: 'Edit Item' },
    lazy: page(() => import('./pages/PriceGroupItemFormPage')),
  },
  {
    path: 'priceGroups/:id/new/productGroup',
    handle: { title: 'Add by Product Group' },
    lazy: pageExport(byGroup, 'AddByProductGroupPage'),
  },
];

export const priceGroupsMenu: MenuSection = {
  label: 'Price Groups',
  entries: [
    { label: 'All Price Groups', to: '/priceGroups' },
    { label: 'New Price Group', to: '/priceGroups/new' },
  ],
};
