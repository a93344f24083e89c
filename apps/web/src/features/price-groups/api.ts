import { useQuery } from '@tanstack/react-query';
import {
  type PriceGroupByProductGroupInput,
  type PriceGroupItemInput,
  type PriceGroupItemUpdateInput,
  type PriceGroupUpdateInput,
  priceGroupCalls,
} from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

/**
 * The customer price groups' data layer. A group's items and its view by
 * product group hang under the group's detail key; item changes make the
 * whole area stale (item counts show in the list).
 */
const groupKeys = keys.priceGroups;
const area = () => [groupKeys.all];

export const allPriceGroups = listSource(priceGroupCalls.list, groupKeys.list('all'));

/** The items of one group. */
export const groupItems = (id: string) =>
  listSource(priceGroupCalls.items, [...groupKeys.detail(id), 'items'], { id: Number(id) });

export function usePriceGroup(id: string | undefined) {
  return useQuery({
    queryKey: groupKeys.detail(id ?? ''),
    queryFn: async () => (await callApi(priceGroupCalls.get, { params: { id: Number(id) } })).priceGroup,
    enabled: Boolean(id),
  });
}

export function usePriceGroupItem(id: string | undefined) {
  return useQuery({
    queryKey: [...groupKeys.details(), 'item', id ?? ''],
    queryFn: async () => (await callApi(priceGroupCalls.item, { params: { id: Number(id) } })).priceGroupItem,
    enabled: Boolean(id),
  });
}

/** Every product group with this group's item count and agreed price (for the by-product-group forms). */
export function usePriceGroupProductGroups(id: string) {
  return useQuery({
    queryKey: [...groupKeys.detail(id), 'productGroups'],
    queryFn: async () =>
      (
        await callApi(priceGroupCalls.productGroups, {
          params: { id: Number(id) },
          body: { resultsPerPage: 1000 },
        })
      ).productGroups,
  });
}

export const useCreatePriceGroup = () =>
  useCallMutation(priceGroupCalls.create, {
    input: (name: string) => ({ body: { name } }),
    invalidates: () => [groupKeys.lists()],
  });

export const useRenamePriceGroup = () =>
  useCallMutation(priceGroupCalls.rename, {
    input: (body: PriceGroupUpdateInput) => ({ body }),
    invalidates: area,
  });

/** Its customers go back to the default group, so they change too. */
export const useDeletePriceGroup = () =>
  useCallMutation(priceGroupCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [groupKeys.all, keys.customers.all],
  });

export const useAddPriceGroupItem = () =>
  useCallMutation(priceGroupCalls.addItem, {
    input: (body: PriceGroupItemInput) => ({ body }),
    invalidates: area,
  });

export const useUpdatePriceGroupItem = () =>
  useCallMutation(priceGroupCalls.updateItem, {
    input: (body: PriceGroupItemUpdateInput) => ({ body }),
    invalidates: area,
  });

export const useDeletePriceGroupItems = () =>
  useCallMutation(priceGroupCalls.deleteItems, {
    input: (ids: (number | string)[]) => ({ body: { ids: ids.map(Number) } }),
    invalidates: area,
  });

/** add: every product of the product group gets an item; edit: its existing items change. */
export const useSetPricesByProductGroup = (mode: 'add' | 'edit') =>
  useCallMutation(mode === 'add' ? priceGroupCalls.addByProductGroup : priceGroupCalls.updateByProductGroup, {
    input: (body: PriceGroupByProductGroupInput) => ({ body }),
    invalidates: area,
  });

export const useAddAllProducts = () =>
  useCallMutation(priceGroupCalls.addAllProducts, {
    input: (priceGroupID: number) => ({ body: { priceGroupID } }),
    invalidates: area,
  });
