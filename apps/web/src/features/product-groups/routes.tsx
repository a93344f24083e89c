import { type AppRoute, type MenuSection, page, pageExport } from '../../app/route-types';

const form = () => import('./pages/ProductGroupFormPage');

export const productGroupsRoutes: AppRoute[] = [
  {
    path: 'productGroups',
    handle: { title: 'Product Price Groups' },
    lazy: page(() => import('./pages/ProductGroupsListPage')),
  },
  {
    path: 'productGroups/new',
    handle: { title: 'New Product Price Group' },
    lazy: pageExport(form, 'ProductGroupNewPage'),
  },
  {
    path: 'productGroups/edit/:id',
    handle: { title: 'Group Price Change' },
    lazy: pageExport(form, 'ProductGroupEditPage'),
  },
  {
    path: 'productGroups/:id',
    handle: { title: 'Product Price Group' },
    lazy: page(() => import('./pages/ProductGroupItemsPage')),
  },
  {
    path: 'productGroups/:id/add',
    handle: { title: 'Add to Product Price Group' },
    lazy: page(() => import('./pages/ProductGroupAddItemPage')),
  },
];

export const productGroupsMenu: MenuSection = {
  label: 'Product Groups',
  entries: [
    { label: 'All Product Groups', to: '/productGroups' },
    { label: 'New Product Group', to: '/productGroups/new' },
  ],
};
