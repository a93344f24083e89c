import { useQuery } from '@tanstack/react-query';
import type { ListFilterInput, Product, ProductGroup, ProductGroupInput } from '@wd/contracts';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const fetchProductGroups = async (filter: ListFilterInput) =>
  toListResult<ProductGroup>('productGroups', await api.post('productGroup/all/', filter));

export const fetchProductGroupMembers = (id: string | number) => async (filter: ListFilterInput) =>
  toListResult<Product>('products', await api.post(`productGroup/${id}/`, filter));

export function useProductGroup(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.productGroup(id ?? ''),
    queryFn: async () => (await api.post<{ productGroup: ProductGroup }>(`productGroup/summary/${id}/`)).productGroup,
    enabled: Boolean(id),
  });
}

export const createProductGroup = (body: ProductGroupInput) => api.post('productGroup/new/', body);
export const updateProductGroup = (body: ProductGroupInput & { id: number }) => api.patch('productGroup/update/', body);
export const deleteProductGroup = (id: number) => api.delete(`productGroup/delete/${id}/`);
export const addProductToGroup = (productGroupID: number, productID: number) =>
  api.post('productGroup/insert/', { productGroupID, productID });
export const removeProductFromGroup = (productId: number) => api.delete(`productGroup/delete/item/${productId}/`);
