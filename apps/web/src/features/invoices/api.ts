import { useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceItem, InvoiceTotals, InvoiceUpdateInput, ListFilterInput, Payment } from '@wd/contracts';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export type InvoiceSummary = Invoice & {
  billerLogo: string;
  fullBillerAddress: string;
  billerPhone: string;
  fullCustomerAddress: string;
  customerPhone: string;
  customerEmail: string;
};

export const fetchInvoices = async (filter: ListFilterInput) =>
  toListResult<Invoice>('invoices', await api.post('invoice/all/', filter));

export function useInvoiceSummary(id: string | number | undefined) {
  return useQuery({
    queryKey: queryKeys.invoice(id ?? ''),
    queryFn: () => api.post<{ invoiceSummary: InvoiceSummary; invoiceTotals: InvoiceTotals }>(`invoice/summary/${id}/`),
    enabled: Boolean(id),
  });
}

export function useInvoiceItems(id: string | number | undefined) {
  return useQuery({
    queryKey: queryKeys.invoiceItems(id ?? ''),
    queryFn: async () =>
      (await api.post<{ invoiceItems: InvoiceItem[] }>(`invoice/${id}/`, { resultsPerPage: 100_000 })).invoiceItems,
    enabled: Boolean(id),
  });
}

export const createInvoice = (type: 'invoice' | 'consignment') =>
  api.post<{ invoice: { id: number; invoiceNo: string } }>(`invoice/new/${type}/`);
export const updateInvoice = (body: InvoiceUpdateInput) => api.patch<{ invoice: Invoice }>('invoice/update/', body);
export const deleteInvoice = (id: number) => api.delete(`invoice/delete/${id}/`);
export const addInvoiceLine = (invoiceID: number, lookup: { productID?: number; lookup?: string }) =>
  api.post<{ invoiceItem: InvoiceItem }>('invoice/insert/', { invoiceID, ...lookup });
export const updateInvoiceLine = (body: {
  id: number;
  invoiceID: number;
  quantity: number;
  damagedGood?: boolean;
  sellingPrice?: number;
  suggestedRetailPrice?: number;
}) => api.patch<{ invoiceItem: InvoiceItem }>('invoice/update/item/', body);
export const deleteInvoiceLine = (id: number) => api.delete(`invoice/delete/item/${id}/`);

export const addPayment = (payment: Record<string, unknown>, chequeImage: File | null) => {
  const form = new FormData();
  form.append('payment', JSON.stringify(payment));
  if (chequeImage) form.append('chequeImage', chequeImage, chequeImage.name);
  return api.post<{ payment: Payment }>('payment/insert/', form);
};

export const addSupplierPayment = (payment: Record<string, unknown>, chequeImage: File | null) => {
  const form = new FormData();
  form.append('payment', JSON.stringify(payment));
  if (chequeImage) form.append('chequeImage', chequeImage, chequeImage.name);
  return api.post('distributorPayment/insert/', form);
};
