import { productCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls, softDeleteHandlers } from '../../lib/routes.js';
import { productsRepository } from './products.repository.js';
import { createProductsService } from './products.service.js';

export async function productsRoutes(app: FastifyInstance) {
  const service = createProductsService(app.ctx);
  registerCalls(app, productCalls, {
    ...softDeleteHandlers('product', service),
    lookup: ({ body }) => service.search(body),
    categories: ({ body }) => service.categories(body),
    export: ({ body, reply }) => productsRepository.export(app.ctx, reply, body),
  });
}
