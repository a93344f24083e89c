import { type AppRoute, type MenuSection, page } from '../../app/route-types';

const form = () => import('./pages/ExpenseFormPage');

export const expensesRoutes: AppRoute[] = [
  { path: 'expenses', handle: { title: 'All Expenses' }, lazy: page(() => import('./pages/ExpensesListPage')) },
  {
    path: 'expenses/new',
    handle: { title: 'New Expense' },
    lazy: page(async () => ({ default: (await form()).ExpenseNewPage })),
  },
  {
    path: 'expenses/edit/:id',
    handle: { title: 'Edit Expense' },
    lazy: page(async () => ({ default: (await form()).ExpenseEditPage })),
  },
  {
    path: 'expenses/:id',
    handle: { title: 'Expense' },
    lazy: page(async () => ({ default: (await form()).ExpenseViewPage })),
  },
];

export const expensesMenu: MenuSection = {
  label: 'Expenses',
  entries: [
    { label: 'All Expenses', to: '/expenses' },
    { label: 'New Expense', to: '/expenses/new' },
  ],
};
