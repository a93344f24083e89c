import { productCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls, softDeleteHandlers } from '../../lib/routes.js';
import { createProductsService } from './products.service.js';

export async function productsRoutes(app: FastifyInstance) {
  const service = createProductsService(app.ctx);
  registerCalls(app, productCalls, {
    ...softDeleteHandlers('product', service),
    lookup: ({ body }) => service.search(body),
    categories: ({ body }) => service.categories(body),
  });
}
