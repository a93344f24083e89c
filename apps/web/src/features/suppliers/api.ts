import { useQuery } from '@tanstack/react-query';
import { callRoutes } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall, useUpdateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { supplierCalls } = callRoutes;

/** The suppliers' data layer (`distributor/*` calls): list source, queries and mutation hooks. */
const supplierKeys = keys.suppliers;

export const allSuppliers = listSource(supplierCalls.list, supplierKeys.list('all'));

export function useSupplier(id: number | undefined) {
  return useQuery({
    queryKey: supplierKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(supplierCalls.get, { params: { id: id } })).distributor,
    enabled: id !== undefined,
  });
}

/** Suppliers for pickers (100, as the spec's dropdowns ask). */
export function useSupplierOptions() {
  return useQuery({
    queryKey: supplierKeys.list('options'),
    queryFn: async () => (await callApi(supplierCalls.list, { body: { resultsPerPage: 100 } })).distributors,
    staleTime: 60_000,
  });
}

export const useCreateSupplier = () => useCreateCall(supplierCalls.create, supplierKeys);

export const useUpdateSupplier = () => useUpdateCall(supplierCalls.update, supplierKeys);

export const useDeleteSupplier = () =>
  useCallMutation(supplierCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [supplierKeys.all],
  });
