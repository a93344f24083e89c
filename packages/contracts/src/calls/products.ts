import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import { listBody } from '../common/list.js';
import {
  categoriesResponse,
  productInput,
  productResponse,
  productsResponse,
  productUpdateInput,
} from '../products.js';
import { csvExportCall } from './export.js';
import { softDeleteCalls } from './soft-delete.js';

export const productCalls = defineCalls('products', {
  ...softDeleteCalls('product', 'product', productsResponse),
  list: {
    method: 'POST',
    reads: true,
    path: '/product/all',
    summary: 'Active products',
    body: listBody,
    response: productsResponse,
  },
  export: csvExportCall('/product/export', listBody, 'Active products'),
  lookup: {
    method: 'POST',
    reads: true,
    path: '/product/filter',
    summary: 'Lookup by barcode (± one leading 0), box barcode or name; exact codes first',
    body: listBody,
    response: productsResponse,
  },
  categories: {
    method: 'POST',
    reads: true,
    path: '/product/categories',
    summary: 'Categories in use',
    body: listBody,
    response: categoriesResponse,
  },
  create: {
    method: 'POST',
    path: '/product/insert',
    summary: 'Create a product',
    body: productInput,
    response: productResponse,
    errors: [409],
  },
  update: {
    method: 'PATCH',
    path: '/product/update',
    summary: 'Change a product',
    body: productUpdateInput,
    response: productResponse,
    errors: [404, 409],
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/product/:id',
    summary: 'One product',
    params: idParams,
    response: productResponse,
    errors: [404],
  },
});
