import { useQuery } from '@tanstack/react-query';
import type { DistributorInvoice, DistributorInvoiceInput, ListFilterInput } from '@wd/contracts';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';

export const distributorInvoicesKey = ['distributorInvoices'] as const;

export const fetchDistributorInvoices = async (filter: ListFilterInput) =>
  toListResult<DistributorInvoice>('distributorInvoices', await api.post('distributor/invoices/all/', filter));

export function useDistributorInvoice(id: string | undefined) {
  return useQuery({
    queryKey: [...distributorInvoicesKey, 'one', id],
    queryFn: async () =>
      (await api.post<{ distributorInvoice: DistributorInvoice }>(`distributor/invoices/${id}/`)).distributorInvoice,
    enabled: Boolean(id),
  });
}

export const createDistributorInvoice = (body: DistributorInvoiceInput) =>
  api.post('distributor/invoices/insert/', body);
export const updateDistributorInvoice = (body: DistributorInvoiceInput & { id: number }) =>
  api.patch('distributor/invoices/update/', body);
export const deleteDistributorInvoice = (id: number) => api.delete(`distributor/invoices/delete/${id}/`);
