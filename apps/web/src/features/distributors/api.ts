import { useQuery } from '@tanstack/react-query';
import type { Distributor, DistributorInput, ListFilterInput } from '@wd/contracts';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const fetchDistributors = async (filter: ListFilterInput) =>
  toListResult<Distributor>('distributors', await api.post('distributor/all/', filter));

export function useDistributor(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.distributor(id ?? ''),
    queryFn: async () => (await api.post<{ distributor: Distributor }>(`distributor/${id}/`)).distributor,
    enabled: Boolean(id),
  });
}

export const createDistributor = (body: DistributorInput) => api.post('distributor/insert/', body);
export const updateDistributor = (body: DistributorInput & { id: number }) => api.patch('distributor/update/', body);
export const deleteDistributor = (id: number) => api.delete(`distributor/delete/${id}/`);

/** Suppliers for pickers (100, as the spec's dropdowns ask). */
export function useDistributorOptions() {
  return useQuery({
    queryKey: [...queryKeys.distributors, 'options'],
    queryFn: async () =>
      (await api.post<{ distributors: Distributor[] }>('distributor/all/', { resultsPerPage: 100 })).distributors,
    staleTime: 60_000,
  });
}
