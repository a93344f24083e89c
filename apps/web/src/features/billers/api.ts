import { useQuery } from '@tanstack/react-query';
import { callRoutes } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall, useIdsCall, useUpdateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { billerCalls } = callRoutes;

/** The billers' data layer (`supplier/*` calls): list sources, queries and mutation hooks. */
const billerKeys = keys.billers;

export const activeBillers = listSource(billerCalls.list, billerKeys.list('active'));
export const deletedBillers = listSource(billerCalls.listDeleted, billerKeys.list('deleted'));

export function useBiller(id: number | undefined) {
  return useQuery({
    queryKey: billerKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(billerCalls.get, { params: { id: id } })).biller,
    enabled: id !== undefined,
  });
}

/** Billers for pickers (the spec's dropdowns ask for 100). */
export function useBillerOptions() {
  return useQuery({
    queryKey: billerKeys.list('options'),
    queryFn: async () => (await callApi(billerCalls.list, { body: { resultsPerPage: 100 } })).billers,
    staleTime: 60_000,
  });
}

export const useCreateBiller = () => useCreateCall(billerCalls.create, billerKeys);

export const useUpdateBiller = () => useUpdateCall(billerCalls.update, billerKeys);

export const useUploadLogo = () =>
  useCallMutation(billerCalls.setLogo, {
    input: ({ id, file }: { id: number; file: File }) => ({ params: { id }, file }),
    invalidates: (_, { id }) => [billerKeys.lists(), billerKeys.detail(id)],
  });

/** Soft delete for active billers, permanent for deleted ones; both lists change. */
export const useDeleteBillers = () => useIdsCall(billerCalls.delete, billerKeys);

export const useRecoverBillers = () => useIdsCall(billerCalls.recover, billerKeys);
