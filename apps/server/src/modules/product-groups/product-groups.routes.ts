import {
  errorSchema,
  idParams,
  listBody,
  messageSchema,
  productGroupInput,
  productGroupItemInput,
  productGroupItemsResponse,
  productGroupResponse,
  productGroupsResponse,
  productGroupUpdateInput,
  productResponse,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createProductGroupsService } from './product-groups.service.js';

const tags = ['product price groups'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

export const productGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createProductGroupsService(app.ctx);

  app.post(
    '/productGroup/all',
    {
      schema: {
        tags,
        summary: 'Product price groups',
        body: listBody,
        response: { 200: productGroupsResponse, ...errors },
      },
    },
    (req) => service.list(req.body),
  );
  app.post(
    '/productGroup/summary/:id',
    {
      schema: {
        tags,
        summary: 'One product price group',
        params: idParams,
        response: { 200: productGroupResponse, ...errors },
      },
    },
    async (req) => ({ productGroup: await service.get(req.params.id) }),
  );
  app.post(
    '/productGroup/new',
    {
      schema: {
        tags,
        summary: 'Create a product price group',
        body: productGroupInput,
        response: { 200: productGroupResponse, ...errors },
      },
    },
    async (req) => ({ productGroup: await service.create(req.body, currentUser(req)) }),
  );
  app.patch(
    '/productGroup/update',
    {
      schema: {
        tags,
        summary: 'Change a group; its prices are written to every member product',
        body: productGroupUpdateInput,
        response: { 200: productGroupResponse, ...errors },
      },
    },
    async (req) => ({ productGroup: await service.update(req.body, currentUser(req)) }),
  );
  app.post(
    '/productGroup/insert',
    {
      schema: {
        tags,
        summary: "Add a product (refused when it is in a group already); copies the group's prices",
        body: productGroupItemInput,
        response: { 200: productResponse, ...errors },
      },
    },
    async (req) => ({
      product: await service.addProduct(req.body.productGroupID, req.body.productID, currentUser(req)),
    }),
  );
  app.delete(
    '/productGroup/delete/item/:id',
    {
      schema: {
        tags,
        summary: 'Take a product (by product id) out of its group; it keeps its prices',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.removeProduct(req.params.id, currentUser(req)),
  );
  app.delete(
    '/productGroup/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a group; its products are released',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.remove(req.params.id, currentUser(req)),
  );
  app.post(
    '/productGroup/:id',
    {
      schema: {
        tags,
        summary: 'The products of a group',
        params: idParams,
        body: listBody,
        response: { 200: productGroupItemsResponse, ...errors },
      },
    },
    (req) => service.members(req.params.id, req.body),
  );
};
