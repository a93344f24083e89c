import { stockCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createStockService } from './stock.service.js';

/** Stock by location: levels, a product's stock, the ledger, counts, loads and unloads. */
export async function stockRoutes(app: FastifyInstance) {
  const service = createStockService(app.ctx);
  registerCalls(app, stockCalls, {
    locations: async () => ({ locations: await service.locations() }),
    levels: ({ body }) => service.levels(body),
    product: async ({ params }) => ({ stock: await service.product(params.id) }),
    movements: ({ body }) => service.movements(body),
    count: ({ body, user }) => service.count(body, user),
    transfer: ({ body, user }) => service.transfer(body, user),
  });
}
