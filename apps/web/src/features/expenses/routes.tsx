import { type AppRoute, type MenuSection, recordRoutes } from '../../app/route-types';

export const expensesRoutes: AppRoute[] = recordRoutes({
  path: 'expenses',
  plural: 'All Expenses',
  singular: 'Expense',
  list: () => import('./pages/ExpensesListPage'),
  form: () => import('./pages/ExpenseFormPage'),
  pages: { new: 'ExpenseNewPage', edit: 'ExpenseEditPage', view: 'ExpenseViewPage' },
});

export const expensesMenu: MenuSection = {
  label: 'Expenses',
  entries: [
    { label: 'All Expenses', to: '/expenses' },
    { label: 'New Expense', to: '/expenses/new' },
  ],
};
