import { useQuery } from '@tanstack/react-query';
import {
  type ProductGroupInput,
  type ProductGroupItemInput,
  type ProductGroupUpdateInput,
  productGroupCalls,
} from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

/**
 * The product price groups' data layer. A group's prices are written to its
 * products, and joining or leaving changes a product: those mutations make
 * the products stale too.
 */
const groupKeys = keys.productGroups;
const changesProducts = () => [groupKeys.all, keys.products.all];

export const allProductGroups = listSource(productGroupCalls.list, groupKeys.list('all'));

/** The products of one group. */
export const groupMembers = (id: string) =>
  listSource(productGroupCalls.members, [...groupKeys.detail(id), 'members'], { id: Number(id) });

export function useProductGroup(id: string | undefined) {
  return useQuery({
    queryKey: groupKeys.detail(id ?? ''),
    queryFn: async () => (await callApi(productGroupCalls.get, { params: { id: Number(id) } })).productGroup,
    enabled: Boolean(id),
  });
}

export const useCreateProductGroup = () =>
  useCallMutation(productGroupCalls.create, {
    input: (body: ProductGroupInput) => ({ body }),
    invalidates: () => [groupKeys.lists()],
  });

export const useUpdateProductGroup = () =>
  useCallMutation(productGroupCalls.update, {
    input: (body: ProductGroupUpdateInput) => ({ body }),
    invalidates: changesProducts,
  });

export const useDeleteProductGroup = () =>
  useCallMutation(productGroupCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: changesProducts,
  });

export const useAddProductToGroup = () =>
  useCallMutation(productGroupCalls.addProduct, {
    input: (body: ProductGroupItemInput) => ({ body }),
    invalidates: changesProducts,
  });

/** By product id: the product leaves its group and keeps its prices. */
export const useRemoveProductFromGroup = () =>
  useCallMutation(productGroupCalls.removeProduct, {
    input: (productId: number) => ({ params: { id: productId } }),
    invalidates: changesProducts,
  });
