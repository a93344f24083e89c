import { useQuery } from '@tanstack/react-query';
import { callRoutes } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall, useUpdateCall } from '../../lib/mutations';
import { createKeys, keys } from '../../lib/query-keys';

const { routeCalls, userCalls } = callRoutes;

/** Delivery routes' data layer: the list, one route, its changes, the drivers to pick and the number blocks. */
const routeKeys = createKeys('routes');
const blockKeys = createKeys('numberBlocks');

export const allRoutes = listSource(routeCalls.list, routeKeys.list('all'));
export const allNumberBlocks = listSource(routeCalls.numberBlocks, blockKeys.list('all'));

export function useRoute(id: number | undefined) {
  return useQuery({
    queryKey: routeKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(routeCalls.get, { params: { id } })).route,
    enabled: id !== undefined,
  });
}

export const useCreateRoute = () => useCreateCall(routeCalls.create, routeKeys);
export const useUpdateRoute = () => useUpdateCall(routeCalls.update, routeKeys);
export const useDeleteRoute = () =>
  useCallMutation(routeCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [routeKeys.all],
  });

export const useReleaseBlock = () =>
  useCallMutation(routeCalls.releaseNumbers, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [blockKeys.all],
  });

/** Users marked as drivers, for the route form's Driver box. */
export function useDriverOptions() {
  return useQuery({
    queryKey: keys.users.list('drivers'),
    queryFn: async () =>
      (await callApi(userCalls.list, { body: { resultsPerPage: 100_000 } })).users.filter((u) => u.driver),
    staleTime: 30_000,
  });
}
