import { useQuery } from '@tanstack/react-query';
import type { Biller, BillerInput, ListFilterInput } from '@wd/contracts';
import { fileForm } from '../../components/ImageUpload';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const fetchBillers = async (filter: ListFilterInput) =>
  toListResult<Biller>('billers', await api.post('supplier/all/', filter));
export const fetchDeletedBillers = async (filter: ListFilterInput) =>
  toListResult<Biller>('billers', await api.post('supplier/all/deleted/', filter));

export function useBiller(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.biller(id ?? ''),
    queryFn: async () => (await api.post<{ biller: Biller }>(`supplier/${id}/`)).biller,
    enabled: Boolean(id),
  });
}

/** Billers for pickers (the spec's dropdowns ask for 100). */
export function useBillerOptions() {
  return useQuery({
    queryKey: [...queryKeys.billers, 'options'],
    queryFn: async () => (await api.post<{ billers: Biller[] }>('supplier/all/', { resultsPerPage: 100 })).billers,
    staleTime: 60_000,
  });
}

export const createBiller = (body: BillerInput) => api.post<{ biller: Biller }>('supplier/new/', body);
export const updateBiller = (body: BillerInput & { id: number }) =>
  api.patch<{ biller: Biller }>('supplier/update/', body);
export const deleteBiller = (id: number) => api.delete(`supplier/delete/${id}/`);
export const recoverBiller = (id: number) => api.post(`supplier/recover/${id}/`);
export const uploadLogo = (id: number, file: File) =>
  api.post<{ biller: Biller }>(`supplier/logo/${id}/`, fileForm('logo', file));
