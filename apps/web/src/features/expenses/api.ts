import { useQuery } from '@tanstack/react-query';
import type { Expense, ExpenseInput, ListFilterInput } from '@wd/contracts';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const fetchExpenses = async (filter: ListFilterInput) =>
  toListResult<Expense>('expenses', await api.post('expenses/all/', filter));

export function useExpense(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.expense(id ?? ''),
    queryFn: async () => (await api.post<{ expense: Expense }>(`expenses/${id}/`)).expense,
    enabled: Boolean(id),
  });
}

export const createExpense = (body: ExpenseInput) => api.post('expenses/insert/', body);
export const updateExpense = (body: ExpenseInput & { id: number }) => api.patch('expenses/update/', body);
export const deleteExpense = (id: number) => api.delete(`expenses/delete/${id}/`);
