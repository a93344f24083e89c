import { type QueryKey, useQuery } from '@tanstack/react-query';
import {
  type Call,
  type CallInput,
  type CallRoute,
  callRoutes,
  type PriceGroupByProductGroupInput,
  type PriceGroupItemInput,
  type PriceGroupItemUpdateInput,
} from '@wd/contracts';
import { type CallFile, callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall, useIdsCall, useUpdateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { priceGroupCalls } = callRoutes;

/**
 * The customer price groups' data layer. A group's items and its view by
 * product group hang under the group's detail key; item changes make the
 * whole area stale (item counts show in the list).
 */
const groupKeys = keys.priceGroups;
const area = () => [groupKeys.all];

export const allPriceGroups = listSource(priceGroupCalls.list, groupKeys.list('all'));

/** The items of one group. */
export const groupItems = (id: number) =>
  listSource(priceGroupCalls.items, [...groupKeys.detail(id), 'items'], { id: id });

export function usePriceGroup(id: number | undefined) {
  return useQuery({
    queryKey: groupKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(priceGroupCalls.get, { params: { id: id } })).priceGroup,
    enabled: id !== undefined,
  });
}

export function usePriceGroupItem(id: number | undefined) {
  return useQuery({
    queryKey: [...groupKeys.details(), 'item', id ?? ''],
    queryFn: async () => (await callApi(priceGroupCalls.item, { params: { id: id } })).priceGroupItem,
    enabled: id !== undefined,
  });
}

/** Every product group with this group's item count and agreed price (for the by-product-group forms). */
export function usePriceGroupProductGroups(id: number) {
  return useQuery({
    queryKey: [...groupKeys.detail(id), 'productGroups'],
    queryFn: async () =>
      (
        await callApi(priceGroupCalls.productGroups, {
          params: { id: id },
          body: { resultsPerPage: 1000 },
        })
      ).productGroups,
  });
}

/** A mutation of this area: `input` maps the page's variables to the call's input. */
const areaMutation =
  <C extends Call, V>(
    call: C | CallRoute<C>,
    input: (vars: V) => CallInput<C> & CallFile,
    invalidates: () => QueryKey[] = area,
  ) =>
  () =>
    useCallMutation(call, { input, invalidates });

export const useCreatePriceGroup = () => useCreateCall(priceGroupCalls.create, groupKeys);
export const useRenamePriceGroup = () => useUpdateCall(priceGroupCalls.rename, groupKeys);
/** Its customers go back to the default group, so they change too. */
export const useDeletePriceGroup = areaMutation(
  priceGroupCalls.delete,
  (id: number) => ({ params: { id } }),
  () => [groupKeys.all, keys.customers.all],
);
export const useAddPriceGroupItem = areaMutation(priceGroupCalls.addItem, (body: PriceGroupItemInput) => ({ body }));
export const useUpdatePriceGroupItem = areaMutation(priceGroupCalls.updateItem, (body: PriceGroupItemUpdateInput) => ({
  body,
}));
export const useDeletePriceGroupItems = () => useIdsCall(priceGroupCalls.deleteItems, groupKeys);
export const useAddAllProducts = areaMutation(priceGroupCalls.addAllProducts, (priceGroupID: number) => ({
  body: { priceGroupID },
}));
const byProductGroup = (body: PriceGroupByProductGroupInput) => ({ body });
/** add: every product of the product group gets an item; edit: its existing items change. */
export const useAddByProductGroup = areaMutation(priceGroupCalls.addByProductGroup, byProductGroup);
export const useUpdateByProductGroup = areaMutation(priceGroupCalls.updateByProductGroup, byProductGroup);
