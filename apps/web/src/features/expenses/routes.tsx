import { recordArea } from '../../lib/route-types';

export const { routes: expensesRoutes, menu: expensesMenu } = recordArea({
  path: 'expenses',
  plural: 'Expenses',
  listTitle: 'All Expenses',
  singular: 'Expense',
  list: () => import('./pages/ExpensesListPage'),
  form: () => import('./pages/ExpenseFormPage'),
  pages: { new: 'ExpenseNewPage', edit: 'ExpenseEditPage', view: 'ExpenseViewPage' },
  menu: { label: 'Expenses' },
});
