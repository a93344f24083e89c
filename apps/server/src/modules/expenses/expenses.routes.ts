import { expenseCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { expensesRepository } from './expenses.repository.js';
import { createExpensesService } from './expenses.service.js';

export async function expensesRoutes(app: FastifyInstance) {
  const service = createExpensesService(app.ctx);
  registerCalls(app, expenseCalls, {
    ...recordHandlers('expense', service),
    export: ({ body, reply }) => expensesRepository.export(app.ctx, reply, body),
  });
}
