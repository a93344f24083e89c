import {
  categoriesResponse,
  errorSchema,
  idParams,
  idsBody,
  listBody,
  messageSchema,
  productInput,
  productResponse,
  productsResponse,
  productUpdateInput,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createProductsService } from './products.service.js';

const tags = ['products'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createProductsService(app.ctx);

  app.post(
    '/product/all',
    { schema: { tags, summary: 'Active products', body: listBody, response: { 200: productsResponse, ...errors } } },
    (req) => service.list(req.body),
  );
  app.post(
    '/product/all/deleted',
    {
      schema: {
        tags,
        summary: 'Soft-deleted products',
        body: listBody,
        response: { 200: productsResponse, ...errors },
      },
    },
    (req) => service.list(req.body, true),
  );
  app.post(
    '/product/filter',
    {
      schema: {
        tags,
        summary: 'Lookup by barcode (± one leading 0), box barcode or name; exact codes first',
        body: listBody,
        response: { 200: productsResponse, ...errors },
      },
    },
    (req) => service.search(req.body),
  );
  app.post(
    '/product/categories',
    {
      schema: { tags, summary: 'Categories in use', body: listBody, response: { 200: categoriesResponse, ...errors } },
    },
    (req) => service.categories(req.body),
  );
  app.post(
    '/product/insert',
    {
      schema: { tags, summary: 'Create a product', body: productInput, response: { 200: productResponse, ...errors } },
    },
    async (req) => ({ product: await service.create(req.body, currentUser(req)) }),
  );
  app.patch(
    '/product/update',
    {
      schema: {
        tags,
        summary: 'Change a product',
        body: productUpdateInput,
        response: { 200: productResponse, ...errors },
      },
    },
    async (req) => ({ product: await service.update(req.body, currentUser(req)) }),
  );
  app.delete(
    '/product/delete/:id',
    {
      schema: {
        tags,
        summary: 'Soft-delete an active product; permanently delete one already deleted',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.delete([req.params.id], currentUser(req)),
  );
  app.post(
    '/product/delete',
    {
      schema: {
        tags,
        summary: 'Bulk delete (soft for active, permanent for deleted)',
        body: idsBody,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.delete(req.body.ids, currentUser(req)),
  );
  app.post(
    '/product/recover/:id',
    {
      schema: {
        tags,
        summary: 'Recover a deleted product',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.recover([req.params.id], currentUser(req)),
  );
  app.post(
    '/product/recover',
    { schema: { tags, summary: 'Bulk recover', body: idsBody, response: { 200: messageSchema, ...errors } } },
    (req) => service.recover(req.body.ids, currentUser(req)),
  );
  app.post(
    '/product/:id',
    { schema: { tags, summary: 'One product', params: idParams, response: { 200: productResponse, ...errors } } },
    async (req) => ({ product: await service.get(req.params.id) }),
  );
};
