import { distributorCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createDistributorsService } from './distributors.service.js';

export async function distributorsRoutes(app: FastifyInstance) {
  const service = createDistributorsService(app.ctx);
  registerCalls(app, distributorCalls, {
    list: ({ body }) => service.list(body),
    create: async ({ body, user }) => ({ distributor: await service.create(body, user) }),
    update: async ({ body, user }) => ({ distributor: await service.update(body, user) }),
    delete: ({ params, user }) => service.delete(params.id, user),
    get: async ({ params }) => ({ distributor: await service.find(params.id) }),
  });
}
