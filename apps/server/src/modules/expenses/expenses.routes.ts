import { expenseCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { createExpensesService } from './expenses.service.js';

export async function expensesRoutes(app: FastifyInstance) {
  const service = createExpensesService(app.ctx);
  registerCalls(app, expenseCalls, recordHandlers('expense', service));
}
