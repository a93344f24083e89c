import { useQuery } from '@tanstack/react-query';
import { type BillerInput, type BillerUpdateInput, billerCalls } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

/** The billers' data layer (`supplier/*` calls): list sources, queries and mutation hooks. */
const billerKeys = keys.billers;

export const activeBillers = listSource(billerCalls.list, billerKeys.list('active'));
export const deletedBillers = listSource(billerCalls.listDeleted, billerKeys.list('deleted'));

export function useBiller(id: string | undefined) {
  return useQuery({
    queryKey: billerKeys.detail(id ?? ''),
    queryFn: async () => (await callApi(billerCalls.get, { params: { id: Number(id) } })).biller,
    enabled: Boolean(id),
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

export const useCreateBiller = () =>
  useCallMutation(billerCalls.create, {
    input: (body: BillerInput) => ({ body }),
    invalidates: () => [billerKeys.lists()],
  });

export const useUpdateBiller = () =>
  useCallMutation(billerCalls.update, {
    input: (body: BillerUpdateInput) => ({ body }),
    invalidates: (_, body) => [billerKeys.lists(), billerKeys.detail(body.id)],
  });

export const useUploadLogo = () =>
  useCallMutation(billerCalls.setLogo, {
    input: ({ id, file }: { id: number; file: File }) => ({ params: { id }, file }),
    invalidates: (_, { id }) => [billerKeys.lists(), billerKeys.detail(id)],
  });

/** Soft delete for active billers, permanent for deleted ones; both lists change. */
export const useDeleteBillers = () =>
  useCallMutation(billerCalls.delete, {
    input: (ids: (number | string)[]) => ({ body: { ids: ids.map(Number) } }),
    invalidates: () => [billerKeys.all],
  });

export const useRecoverBillers = () =>
  useCallMutation(billerCalls.recover, {
    input: (ids: (number | string)[]) => ({ body: { ids: ids.map(Number) } }),
    invalidates: () => [billerKeys.all],
  });
