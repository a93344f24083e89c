import { expenseCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createExpensesService } from './expenses.service.js';

export async function expensesRoutes(app: FastifyInstance) {
  const service = createExpensesService(app.ctx);
  registerCalls(app, expenseCalls, {
    list: ({ body }) => service.list(body),
    create: async ({ body, user }) => ({ expense: await service.create(body, user) }),
    update: async ({ body, user }) => ({ expense: await service.update(body, user) }),
    delete: ({ params, user }) => service.delete(params.id, user),
    get: async ({ params }) => ({ expense: await service.find(params.id) }),
  });
}
