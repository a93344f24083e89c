import { useQuery } from '@tanstack/react-query';
import type { ListFilterInput, PriceGroup, PriceGroupItem, PriceGroupProductGroup } from '@wd/contracts';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const fetchPriceGroups = async (filter: ListFilterInput) =>
  toListResult<PriceGroup>('priceGroups', await api.post('priceGroup/all/', filter));
export const fetchPriceGroupItems = (id: string | number) => async (filter: ListFilterInput) =>
  toListResult<PriceGroupItem>('priceGroupItems', await api.post(`priceGroup/${id}/`, filter));

export function usePriceGroup(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.priceGroup(id ?? ''),
    queryFn: async () => (await api.post<{ priceGroup: PriceGroup }>(`priceGroup/summary/${id}/`)).priceGroup,
    enabled: Boolean(id),
  });
}

export function usePriceGroupItem(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.priceGroupItem(id ?? ''),
    queryFn: async () => (await api.post<{ priceGroupItem: PriceGroupItem }>(`priceGroup/item/${id}/`)).priceGroupItem,
    enabled: Boolean(id),
  });
}

export function usePriceGroupProductGroups(id: string) {
  return useQuery({
    queryKey: [...queryKeys.priceGroup(id), 'productGroups'],
    queryFn: async () =>
      (
        await api.post<{ productGroups: PriceGroupProductGroup[] }>(`priceGroup/all/productGroups/${id}/`, {
          resultsPerPage: 1000,
        })
      ).productGroups,
  });
}

interface Prices {
  price: number;
  suggestedRetailPrice: number;
}
export const createPriceGroup = (name: string) => api.post<{ priceGroup: PriceGroup }>('priceGroup/new/', { name });
export const renamePriceGroup = (id: number, name: string) => api.patch('priceGroup/update/', { id, name });
export const deletePriceGroup = (id: number) => api.delete(`priceGroup/delete/${id}/`);
export const addPriceGroupItem = (body: { priceGroupID: number; productID: number } & Prices) =>
  api.post('priceGroup/insert/', body);
export const updatePriceGroupItem = (body: { id: number } & Prices) => api.patch('priceGroup/update/item/', body);
export const deletePriceGroupItems = (ids: (number | string)[]) =>
  api.post('priceGroup/delete/item/', { ids: ids.map(Number) });
export const setPricesByProductGroup = (
  mode: 'add' | 'edit',
  body: { priceGroupID: number; productGroupID: number } & Prices,
) =>
  mode === 'add'
    ? api.post<{ message: string }>('priceGroup/insert/productGroup/', body)
    : api.patch<{ message: string }>('priceGroup/update/productGroup/', body);
export const addAllProducts = (priceGroupID: number) =>
  api.post<{ message: string; count: number }>('priceGroup/insert/all/', { priceGroupID });
