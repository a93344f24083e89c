import { useQuery } from '@tanstack/react-query';
import type { BarcodeItem, ListFilterInput, Product, ProductInput, ProductUpdateInput } from '@wd/contracts';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const fetchProducts = async (filter: ListFilterInput) =>
  toListResult<Product>('products', await api.post('product/all/', filter));
export const fetchDeletedProducts = async (filter: ListFilterInput) =>
  toListResult<Product>('products', await api.post('product/all/deleted/', filter));

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.product(id ?? ''),
    queryFn: async () => (await api.post<{ product: Product }>(`product/${id}/`)).product,
    enabled: Boolean(id),
  });
}

export function useCategories(search: string) {
  return useQuery({
    queryKey: [...queryKeys.categories, search],
    queryFn: async () =>
      (await api.post<{ categories: string[] }>('product/categories/', { searchQuery: search, resultsPerPage: 20 }))
        .categories,
    staleTime: 30_000,
  });
}

export const createProduct = (body: ProductInput) => api.post<{ product: Product }>('product/insert/', body);
export const updateProduct = (body: ProductUpdateInput) => api.patch<{ product: Product }>('product/update/', body);
/** Soft delete for active products, permanent for deleted ones. */
export const deleteProducts = (ids: (number | string)[]) => api.post('product/delete/', { ids: ids.map(Number) });
export const recoverProducts = (ids: (number | string)[]) => api.post('product/recover/', { ids: ids.map(Number) });

export const fetchBarcodeItems = async () =>
  (await api.post<{ barcodeItems: BarcodeItem[] }>('barcode/all/', {})).barcodeItems;
export const addBarcodeItem = (productID: number, quantity: number) =>
  api.post<{ barcodeItem: BarcodeItem }>('barcode/insert/', { productID, quantity });
export const setBarcodeQuantity = (id: number, quantity: number) =>
  api.patch<{ barcodeItem: BarcodeItem }>('barcode/update/', { id, quantity });
export const removeBarcodeItem = (id: number) => api.delete(`barcode/delete/${id}/`);
export const clearBarcodeItems = () => api.delete('barcode/delete/all/');
export const barcodeImage = (barcode: string) => `/images/barcodes/${encodeURIComponent(barcode)}.png`;
