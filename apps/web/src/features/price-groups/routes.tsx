import { type MenuSection, route } from '../../lib/route-types';

const list = () => import('./pages/PriceGroupsListPage');
const form = () => import('./pages/PriceGroupFormPage');
const items = () => import('./pages/PriceGroupItemsPage');
const item = () => import('./pages/PriceGroupItemFormPage');
const byGroup = () => import('./pages/PriceGroupByProductGroupPage');

export const priceGroupsRoutes = [
  route('priceGroups', 'Customer Price Groups', list),
  route('priceGroups/new', 'New Customer Price Group', form),
  route('priceGroups/edit/productGroup/:id', 'Edit by Product Group', byGroup, 'EditByProductGroupPage'),
  route('priceGroups/edit/:id', 'Edit Customer Price Group', form),
  route('priceGroups/:id', 'Customer Price Group', items),
  route('priceGroups/:id/add', 'Add Item', item),
  route('priceGroups/:id/edit/:itemID', 'Edit Item', item),
  route('priceGroups/:id/new/productGroup', 'Add by Product Group', byGroup, 'AddByProductGroupPage'),
];

export const priceGroupsMenu: MenuSection = {
  label: 'Price Groups',
  entries: [
    { label: 'All Price Groups', to: '/priceGroups' },
    { label: 'New Price Group', to: '/priceGroups/new' },
  ],
};
