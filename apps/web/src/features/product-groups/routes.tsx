import { type MenuSection, route } from '../../lib/route-types';

const form = () => import('./pages/ProductGroupFormPage');

export const productGroupsRoutes = [
  route('productGroups', 'Product Price Groups', () => import('./pages/ProductGroupsListPage')),
  route('productGroups/new', 'New Product Price Group', form, 'ProductGroupNewPage'),
  route('productGroups/edit/:id', 'Group Price Change', form, 'ProductGroupEditPage'),
  route('productGroups/:id', 'Product Price Group', () => import('./pages/ProductGroupItemsPage')),
  route('productGroups/:id/add', 'Add to Product Price Group', () => import('./pages/ProductGroupAddItemPage')),
];

export const productGroupsMenu: MenuSection = {
  label: 'Product Groups',
  entries: [
    { label: 'All Product Groups', to: '/productGroups' },
    { label: 'New Product Group', to: '/productGroups/new' },
  ],
};
