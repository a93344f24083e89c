import {
  errorSchema,
  expenseInput,
  expenseListFilter,
  expenseResponse,
  expensesResponse,
  expenseUpdateInput,
  idParams,
  messageSchema,
} from '@wd/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createExpensesService } from './expenses.service.js';

const tags = ['expenses'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

export const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createExpensesService(app.ctx);
  app.post(
    '/expenses/all',
    {
      schema: {
        tags,
        summary: 'Expenses, filtered by month and year; totals.amount sums every matching row',
        body: expenseListFilter,
        response: { 200: expensesResponse, ...errors },
      },
    },
    (req) => service.list(req.body),
  );
  app.post(
    '/expenses/insert',
    {
      schema: {
        tags,
        summary: 'Record an expense (reference EXP-…)',
        body: expenseInput,
        response: { 200: expenseResponse, ...errors },
      },
    },
    async (req) => ({ expense: await service.create(req.body, currentUser(req)) }),
  );
  app.patch(
    '/expenses/update',
    {
      schema: {
        tags,
        summary: 'Change an expense',
        body: expenseUpdateInput,
        response: { 200: expenseResponse, ...errors },
      },
    },
    async (req) => ({ expense: await service.update(req.body, currentUser(req)) }),
  );
  app.delete(
    '/expenses/delete/:id',
    { schema: { tags, summary: 'Delete an expense', params: idParams, response: { 200: messageSchema, ...errors } } },
    (req) => service.delete(req.params.id, currentUser(req)),
  );
  app.post(
    '/expenses/:id',
    { schema: { tags, summary: 'One expense', params: idParams, response: { 200: expenseResponse, ...errors } } },
    async (req) => ({
      expense: await service.find(req.params.id),
    }),
  );
};
