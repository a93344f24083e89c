import { defineCalls } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { idParams } from '../common/fields.js';
import { listBody } from '../common/list.js';
import {
  productGroupInput,
  productGroupItemInput,
  productGroupItemsResponse,
  productGroupResponse,
  productGroupsResponse,
  productGroupUpdateInput,
} from '../product-groups.js';
import { productResponse } from '../products.js';

/** Product price groups: products sold at one set of prices (docs/glossary.md). */
export const productGroupCalls = defineCalls('product price groups', {
  list: {
    method: 'POST',
    reads: true,
    path: '/productGroup/all',
    summary: 'Product price groups',
    body: listBody,
    response: productGroupsResponse,
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/productGroup/summary/:id',
    summary: 'One product price group',
    params: idParams,
    response: productGroupResponse,
    errors: [404],
  },
  create: {
    method: 'POST',
    path: '/productGroup/new',
    summary: 'Create a product price group',
    body: productGroupInput,
    response: productGroupResponse,
  },
  update: {
    method: 'PATCH',
    path: '/productGroup/update',
    summary: 'Change a group; its prices are written to every member product',
    body: productGroupUpdateInput,
    response: productGroupResponse,
    errors: [404],
  },
  addProduct: {
    method: 'POST',
    path: '/productGroup/insert',
    summary: "Add a product (refused when it is in a group already); copies the group's prices",
    body: productGroupItemInput,
    response: productResponse,
    errors: [404, 409],
  },
  removeProduct: {
    method: 'DELETE',
    path: '/productGroup/delete/item/:id',
    summary: 'Take a product (by product id) out of its group; it keeps its prices',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
  delete: {
    method: 'DELETE',
    path: '/productGroup/delete/:id',
    summary: 'Delete a group; its products are released',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
  members: {
    method: 'POST',
    reads: true,
    path: '/productGroup/:id',
    summary: 'The products of a group',
    params: idParams,
    body: listBody,
    response: productGroupItemsResponse,
    errors: [404],
  },
});
