import {
  countResponse,
  errorSchema,
  idParams,
  idsBody,
  listBody,
  messageSchema,
  priceGroupAllProductsInput,
  priceGroupByProductGroupInput,
  priceGroupInput,
  priceGroupItemInput,
  priceGroupItemResponse,
  priceGroupItemsResponse,
  priceGroupItemUpdateInput,
  priceGroupProductGroupsResponse,
  priceGroupResponse,
  priceGroupsResponse,
  priceGroupUpdateInput,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createPriceGroupsService } from './price-groups.service.js';

const tags = ['customer price groups'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

export const priceGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPriceGroupsService(app.ctx);

  app.post(
    '/priceGroup/all',
    {
      schema: {
        tags,
        summary: 'Customer price groups',
        body: listBody,
        response: { 200: priceGroupsResponse, ...errors },
      },
    },
    (req) => service.list(req.body),
  );
  app.post(
    '/priceGroup/summary/:id',
    {
      schema: {
        tags,
        summary: 'One customer price group',
        params: idParams,
        response: { 200: priceGroupResponse, ...errors },
      },
    },
    async (req) => ({ priceGroup: await service.get(req.params.id) }),
  );
  app.post(
    '/priceGroup/all/productGroups/:id',
    {
      schema: {
        tags,
        summary: 'Product groups with their item count and price in this customer price group',
        params: idParams,
        body: listBody,
        response: { 200: priceGroupProductGroupsResponse, ...errors },
      },
    },
    (req) => service.productGroups(req.params.id, req.body),
  );
  app.post(
    '/priceGroup/item/:id',
    { schema: { tags, summary: 'One item', params: idParams, response: { 200: priceGroupItemResponse, ...errors } } },
    async (req) => ({ priceGroupItem: await service.item(req.params.id) }),
  );
  app.post(
    '/priceGroup/new',
    {
      schema: {
        tags,
        summary: 'Create a group',
        body: priceGroupInput,
        response: { 200: priceGroupResponse, ...errors },
      },
    },
    async (req) => ({ priceGroup: await service.create(req.body.name, currentUser(req)) }),
  );
  app.post(
    '/priceGroup/insert',
    {
      schema: {
        tags,
        summary: 'Add a product at a price',
        body: priceGroupItemInput,
        response: { 200: priceGroupItemResponse, ...errors },
      },
    },
    async (req) => ({ priceGroupItem: await service.addItem(req.body, currentUser(req)) }),
  );
  app.post(
    '/priceGroup/insert/productGroup',
    {
      schema: {
        tags,
        summary: 'Create or update an item for every product of a product group',
        body: priceGroupByProductGroupInput,
        response: { 200: countResponse, ...errors },
      },
    },
    (req) => service.setByProductGroup(req.body, 'add', currentUser(req)),
  );
  app.patch(
    '/priceGroup/update/productGroup',
    {
      schema: {
        tags,
        summary: "Update the existing items of a product group's products",
        body: priceGroupByProductGroupInput,
        response: { 200: countResponse, ...errors },
      },
    },
    (req) => service.setByProductGroup(req.body, 'edit', currentUser(req)),
  );
  app.post(
    '/priceGroup/insert/all',
    {
      schema: {
        tags,
        summary: "An item at the product's own prices for every active product not yet in the group",
        body: priceGroupAllProductsInput,
        response: { 200: countResponse, ...errors },
      },
    },
    (req) => service.addAllProducts(req.body.priceGroupID, currentUser(req)),
  );
  app.patch(
    '/priceGroup/update',
    {
      schema: {
        tags,
        summary: 'Rename a group (not the default)',
        body: priceGroupUpdateInput,
        response: { 200: priceGroupResponse, ...errors },
      },
    },
    async (req) => ({ priceGroup: await service.rename(req.body.id, req.body.name, currentUser(req)) }),
  );
  app.patch(
    '/priceGroup/update/item',
    {
      schema: {
        tags,
        summary: "Change an item's prices",
        body: priceGroupItemUpdateInput,
        response: { 200: priceGroupItemResponse, ...errors },
      },
    },
    async (req) => ({ priceGroupItem: await service.updateItem(req.body, currentUser(req)) }),
  );
  app.delete(
    '/priceGroup/delete/item/:id',
    { schema: { tags, summary: 'Delete an item', params: idParams, response: { 200: messageSchema, ...errors } } },
    (req) => service.removeItems([req.params.id], currentUser(req)),
  );
  app.post(
    '/priceGroup/delete/item',
    { schema: { tags, summary: 'Delete items', body: idsBody, response: { 200: messageSchema, ...errors } } },
    (req) => service.removeItems(req.body.ids, currentUser(req)),
  );
  app.delete(
    '/priceGroup/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a group (not the default)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    (req) => service.remove(req.params.id, currentUser(req)),
  );
  app.post(
    '/priceGroup/:id',
    {
      schema: {
        tags,
        summary: 'Items of a group',
        params: idParams,
        body: listBody,
        response: { 200: priceGroupItemsResponse, ...errors },
      },
    },
    (req) => service.items(req.params.id, req.body),
  );
};
