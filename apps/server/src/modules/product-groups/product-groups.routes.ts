import { productGroupCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createProductGroupsService } from './product-groups.service.js';

export async function productGroupsRoutes(app: FastifyInstance) {
  const service = createProductGroupsService(app.ctx);
  registerCalls(app, productGroupCalls, {
    list: ({ body }) => service.list(body),
    get: async ({ params }) => ({ productGroup: await service.get(params.id) }),
    create: async ({ body, user }) => ({ productGroup: await service.create(body, user) }),
    update: async ({ body, user }) => ({ productGroup: await service.update(body, user) }),
    addProduct: async ({ body, user }) => ({
      product: await service.addProduct(body.productGroupID, body.productID, user),
    }),
    removeProduct: ({ params, user }) => service.removeProduct(params.id, user),
    delete: ({ params, user }) => service.remove(params.id, user),
    members: ({ params, body }) => service.members(params.id, body),
  });
}
