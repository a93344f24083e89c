import { useQuery } from '@tanstack/react-query';
import { type CallInput, callRoutes, type RouteCall, type SupplierInvoiceInput } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { supplierInvoiceCalls } = callRoutes;

/** The supplier invoices area's data layer (docs/web.md, "Data layer"). */
const invoiceKeys = keys.supplierInvoices;
type UpdateBody = NonNullable<CallInput<RouteCall<typeof supplierInvoiceCalls.update>>['body']>;

export const supplierInvoiceList = listSource(supplierInvoiceCalls.list, invoiceKeys.list('all'));

export function useSupplierInvoice(id: number | undefined) {
  return useQuery({
    queryKey: invoiceKeys.detail(id ?? 0),
    queryFn: async () => {
      const { distributorInvoice, lines } = await callApi(supplierInvoiceCalls.get, { params: { id: id } });
      return { ...distributorInvoice, lines };
    },
    enabled: id !== undefined,
  });
}

export const useCreateSupplierInvoice = () =>
  useCallMutation(supplierInvoiceCalls.create, {
    input: (body: SupplierInvoiceInput) => ({ body }),
    // Received lines change the stock.
    invalidates: () => [invoiceKeys.lists(), keys.stock.all],
  });

export const useUpdateSupplierInvoice = () =>
  useCallMutation(supplierInvoiceCalls.update, {
    input: (body: UpdateBody) => ({ body }),
    invalidates: (_, body) => [invoiceKeys.lists(), invoiceKeys.detail(body.id), keys.stock.all],
  });

/** The invoice goes with its payments. */
export const useDeleteSupplierInvoice = () =>
  useCallMutation(supplierInvoiceCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [invoiceKeys.lists(), keys.payments.lists(), keys.stock.all],
  });
