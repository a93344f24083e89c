import { useQuery } from '@tanstack/react-query';
import { callRoutes, type RouteCall } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall, useIdsCall, useUpdateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { barcodeCalls, productCalls } = callRoutes;

/** The products area's data layer: list sources, queries and mutation hooks that own their invalidation. */
const productKeys = keys.products;

export const activeProducts = listSource(productCalls.list, productKeys.list('active'));
export const deletedProducts = listSource(productCalls.listDeleted, productKeys.list('deleted'));

export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(productCalls.get, { params: { id: id } })).product,
    enabled: id !== undefined,
  });
}

export function useCategories(search: string) {
  return useQuery({
    queryKey: productKeys.list('categories', search),
    queryFn: async () =>
      (await callApi(productCalls.categories, { body: { searchQuery: search, resultsPerPage: 20 } })).categories,
    staleTime: 30_000,
  });
}

/** Scan and picker lookup: exact codes first. */
export const lookupProducts = async (searchQuery: string, resultsPerPage: number) =>
  (await callApi(productCalls.lookup, { body: { searchQuery, resultsPerPage } })).products;

export const useCreateProduct = () => useCreateCall(productCalls.create, productKeys);

export const useUpdateProduct = () => useUpdateCall(productCalls.update, productKeys);

/** Soft delete for active products, permanent for deleted ones; both lists change. */
export const useDeleteProducts = () => useIdsCall(productCalls.delete, productKeys);

export const useRecoverProducts = () => useIdsCall(productCalls.recover, productKeys);

/** The signed-in user's barcode label list: every change reloads it from the server. */
const labelKeys = keys.barcodeItems;

export function useBarcodeItems() {
  return useQuery({
    queryKey: labelKeys.list('mine'),
    queryFn: async () => (await callApi(barcodeCalls.list, { body: {} })).barcodeItems,
  });
}

export const useAddBarcodeItem = () => useCreateCall(barcodeCalls.add, labelKeys);

export const useSetBarcodeQuantity = () => useUpdateCall(barcodeCalls.update, labelKeys);

export const useRemoveBarcodeItem = () =>
  useCallMutation(barcodeCalls.remove, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [labelKeys.lists()],
  });

export const useClearBarcodeItems = () =>
  useCallMutation<RouteCall<typeof barcodeCalls.clear>, void>(barcodeCalls.clear, {
    input: () => ({}),
    invalidates: () => [labelKeys.lists()],
  });
