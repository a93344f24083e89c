import { useQuery } from '@tanstack/react-query';
import type { Customer, CustomerInput, ListFilterInput, PriceGroup } from '@wd/contracts';
import { fileForm } from '../../components/ImageUpload';
import { toListResult } from '../../components/ListPage';
import { api, fetchBlob, saveBlob } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const fetchCustomers = async (filter: ListFilterInput) =>
  toListResult<Customer>('customers', await api.post('customer/all/', filter));
export const fetchDeletedCustomers = async (filter: ListFilterInput) =>
  toListResult<Customer>('customers', await api.post('customer/all/deleted/', filter));

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.customer(id ?? ''),
    queryFn: async () => (await api.post<{ customer: Customer }>(`customer/${id}/`)).customer,
    enabled: Boolean(id),
  });
}

export function usePriceGroupOptions(search: string) {
  return useQuery({
    queryKey: [...queryKeys.priceGroups, 'options', search],
    queryFn: async () =>
      (await api.post<{ priceGroups: PriceGroup[] }>('priceGroup/all/', { searchQuery: search, resultsPerPage: 50 }))
        .priceGroups,
    staleTime: 30_000,
  });
}

export const createCustomer = (body: CustomerInput) => api.post<{ customer: Customer }>('customer/new/', body);
export const updateCustomer = (body: CustomerInput & { id: number }) =>
  api.patch<{ customer: Customer }>('customer/update/', body);
export const deleteCustomer = (id: number) => api.delete(`customer/delete/${id}/`);
export const recoverCustomer = (id: number) => api.post(`customer/recover/${id}/`);
export const signResaleCertificate = (id: number, file: File) =>
  api.post<{ customer: Customer }>(`customer/resale_certificate/${id}/`, fileForm('resaleCertificate', file));
export const resaleCertificateImage = (id: number) =>
  fetchBlob(`/files/resaleCertificates/Resale_Certificate_${id}.jpg`);
export async function downloadResaleCertificate(id: number) {
  saveBlob(await fetchBlob(`customer/resale_certificate/${id}/`), `Resale_Certificate_${id}.pdf`);
}
