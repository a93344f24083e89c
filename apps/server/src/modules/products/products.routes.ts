import { productCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createProductsService } from './products.service.js';

export async function productsRoutes(app: FastifyInstance) {
  const service = createProductsService(app.ctx);
  registerCalls(app, productCalls, {
    list: ({ body }) => service.list(body),
    listDeleted: ({ body }) => service.list(body, true),
    lookup: ({ body }) => service.search(body),
    categories: ({ body }) => service.categories(body),
    create: async ({ body, user }) => ({ product: await service.create(body, user) }),
    update: async ({ body, user }) => ({ product: await service.update(body, user) }),
    deleteOne: ({ params, user }) => service.delete([params.id], user),
    delete: ({ body, user }) => service.delete(body.ids, user),
    recoverOne: ({ params, user }) => service.recover([params.id], user),
    recover: ({ body, user }) => service.recover(body.ids, user),
    get: async ({ params }) => ({ product: await service.get(params.id) }),
  });
}
