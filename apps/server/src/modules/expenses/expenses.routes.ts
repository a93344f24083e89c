import { EXPENSE_CSV, expenseCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { csvExportHandler } from '../../lib/export.js';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { expensesRepository } from './expenses.repository.js';
import { createExpensesService } from './expenses.service.js';

export async function expensesRoutes(app: FastifyInstance) {
  const service = createExpensesService(app.ctx);
  registerCalls(app, expenseCalls, {
    ...recordHandlers('expense', service),
    export: csvExportHandler(app.ctx, 'expenses', EXPENSE_CSV, expensesRepository.csvQuery),
  });
}
