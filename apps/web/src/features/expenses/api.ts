import { useQuery } from '@tanstack/react-query';
import { callRoutes } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall, useUpdateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { expenseCalls } = callRoutes;

/** The expenses' data layer: list source (with the amount footer), queries and mutation hooks. */
const expenseKeys = keys.expenses;

export const allExpenses = listSource(expenseCalls.list, expenseKeys.list('all'));

export function useExpense(id: number | undefined) {
  return useQuery({
    queryKey: expenseKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(expenseCalls.get, { params: { id: id } })).expense,
    enabled: id !== undefined,
  });
}

export const useCreateExpense = () => useCreateCall(expenseCalls.create, expenseKeys);

export const useUpdateExpense = () => useUpdateCall(expenseCalls.update, expenseKeys);

export const useDeleteExpense = () =>
  useCallMutation(expenseCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [expenseKeys.all],
  });
