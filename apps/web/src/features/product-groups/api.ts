import { type QueryKey, useQuery } from '@tanstack/react-query';
import {
  type Call,
  type CallInput,
  type CallRoute,
  callRoutes,
  type ProductGroupItemInput,
  type ProductGroupUpdateInput,
} from '@wd/contracts';
import { type CallFile, callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { productGroupCalls } = callRoutes;

/**
 * The product price groups' data layer. A group's prices are written to its
 * products, and joining or leaving changes a product: those mutations make
 * the products stale too.
 */
const groupKeys = keys.productGroups;
const changesProducts = () => [groupKeys.all, keys.products.all];

export const allProductGroups = listSource(productGroupCalls.list, groupKeys.list('all'));

/** The products of one group. */
export const groupMembers = (id: number) =>
  listSource(productGroupCalls.members, [...groupKeys.detail(id), 'members'], { id: id });

export function useProductGroup(id: number | undefined) {
  return useQuery({
    queryKey: groupKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(productGroupCalls.get, { params: { id: id } })).productGroup,
    enabled: id !== undefined,
  });
}

/** A mutation of this area: `input` maps the page's variables to the call's input. */
const groupMutation =
  <C extends Call, V>(
    call: C | CallRoute<C>,
    input: (vars: V) => CallInput<C> & CallFile,
    invalidates: () => QueryKey[] = changesProducts,
  ) =>
  () =>
    useCallMutation(call, { input, invalidates });

const byId = (id: number) => ({ params: { id } });

export const useCreateProductGroup = () => useCreateCall(productGroupCalls.create, groupKeys);
export const useUpdateProductGroup = groupMutation(productGroupCalls.update, (body: ProductGroupUpdateInput) => ({
  body,
}));
export const useDeleteProductGroup = groupMutation(productGroupCalls.delete, byId);
export const useAddProductToGroup = groupMutation(productGroupCalls.addProduct, (body: ProductGroupItemInput) => ({
  body,
}));
/** By product id: the product leaves its group and keeps its prices. */
export const useRemoveProductFromGroup = groupMutation(productGroupCalls.removeProduct, byId);
