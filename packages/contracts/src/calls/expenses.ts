import { defineCalls } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { idParams } from '../common/fields.js';
import { expenseInput, expenseListFilter, expenseResponse, expensesResponse, expenseUpdateInput } from '../parties.js';
import { csvExportCall } from './export.js';

export const expenseCalls = defineCalls('expenses', {
  list: {
    method: 'POST',
    reads: true,
    path: '/expenses/all',
    summary: 'Expenses, filtered by month and year; totals.amount sums every matching row',
    body: expenseListFilter,
    response: expensesResponse,
  },
  export: csvExportCall('/expenses/export', expenseListFilter, 'Expenses'),
  create: {
    method: 'POST',
    path: '/expenses/insert',
    summary: 'Record an expense (reference EXP-…)',
    body: expenseInput,
    response: expenseResponse,
    errors: [404],
  },
  update: {
    method: 'PATCH',
    path: '/expenses/update',
    summary: 'Change an expense',
    body: expenseUpdateInput,
    response: expenseResponse,
    errors: [404],
  },
  delete: {
    method: 'DELETE',
    path: '/expenses/delete/:id',
    summary: 'Delete an expense',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/expenses/:id',
    summary: 'One expense',
    params: idParams,
    response: expenseResponse,
    errors: [404],
  },
});
