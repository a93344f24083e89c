import { PRODUCT_CSV, productCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { csvExportHandler } from '../../lib/export.js';
import { registerCalls, softDeleteHandlers } from '../../lib/routes.js';
import { productsRepository } from './products.repository.js';
import { createProductsService } from './products.service.js';

export async function productsRoutes(app: FastifyInstance) {
  const service = createProductsService(app.ctx);
  registerCalls(app, productCalls, {
    ...softDeleteHandlers('product', service),
    lookup: ({ body }) => service.search(body),
    categories: ({ body }) => service.categories(body),
    export: csvExportHandler(app.ctx, 'products', PRODUCT_CSV, productsRepository.csvQuery),
  });
}
