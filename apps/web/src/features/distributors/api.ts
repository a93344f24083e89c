import { useQuery } from '@tanstack/react-query';
import { distributorCalls } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall, useUpdateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

/** The suppliers' data layer (`distributor/*` calls): list source, queries and mutation hooks. */
const distributorKeys = keys.distributors;

export const allDistributors = listSource(distributorCalls.list, distributorKeys.list('all'));

export function useDistributor(id: number | undefined) {
  return useQuery({
    queryKey: distributorKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(distributorCalls.get, { params: { id: id } })).distributor,
    enabled: id !== undefined,
  });
}

/** Suppliers for pickers (100, as the spec's dropdowns ask). */
export function useDistributorOptions() {
  return useQuery({
    queryKey: distributorKeys.list('options'),
    queryFn: async () => (await callApi(distributorCalls.list, { body: { resultsPerPage: 100 } })).distributors,
    staleTime: 60_000,
  });
}

export const useCreateDistributor = () => useCreateCall(distributorCalls.create, distributorKeys);

export const useUpdateDistributor = () => useUpdateCall(distributorCalls.update, distributorKeys);

export const useDeleteDistributor = () =>
  useCallMutation(distributorCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [distributorKeys.all],
  });
