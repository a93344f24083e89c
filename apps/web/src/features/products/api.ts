import { useQuery } from '@tanstack/react-query';
import { type BarcodeItem, type ProductInput, type ProductUpdateInput, productCalls } from '@wd/contracts';
import { api, callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

/** The products area's data layer: list sources, queries and mutation hooks that own their invalidation. */
const productKeys = keys.products;

export const activeProducts = listSource(productCalls.list, productKeys.list('active'));
export const deletedProducts = listSource(productCalls.listDeleted, productKeys.list('deleted'));

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    queryFn: async () => (await callApi(productCalls.get, { params: { id: Number(id) } })).product,
    enabled: Boolean(id),
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

export const useCreateProduct = () =>
  useCallMutation(productCalls.create, {
    input: (body: ProductInput) => ({ body }),
    invalidates: () => [productKeys.lists()],
  });

export const useUpdateProduct = () =>
  useCallMutation(productCalls.update, {
    input: (body: ProductUpdateInput) => ({ body }),
    invalidates: (_, body) => [productKeys.lists(), productKeys.detail(body.id)],
  });

/** Soft delete for active products, permanent for deleted ones; both lists change. */
export const useDeleteProducts = () =>
  useCallMutation(productCalls.delete, {
    input: (ids: (number | string)[]) => ({ body: { ids: ids.map(Number) } }),
    invalidates: () => [productKeys.all],
  });

export const useRecoverProducts = () =>
  useCallMutation(productCalls.recover, {
    input: (ids: (number | string)[]) => ({ body: { ids: ids.map(Number) } }),
    invalidates: () => [productKeys.all],
  });

export const fetchBarcodeItems = async () =>
  (await api.post<{ barcodeItems: BarcodeItem[] }>('barcode/all/', {})).barcodeItems;
export const addBarcodeItem = (productID: number, quantity: number) =>
  api.post<{ barcodeItem: BarcodeItem }>('barcode/insert/', { productID, quantity });
export const setBarcodeQuantity = (id: number, quantity: number) =>
  api.patch<{ barcodeItem: BarcodeItem }>('barcode/update/', { id, quantity });
export const removeBarcodeItem = (id: number) => api.delete(`barcode/delete/${id}/`);
export const clearBarcodeItems = () => api.delete('barcode/delete/all/');
export const barcodeImage = (barcode: string) => `/images/barcodes/${encodeURIComponent(barcode)}.png`;
