import { useQuery } from '@tanstack/react-query';
import { type CallInput, type DistributorInvoiceInput, distributorInvoiceCalls } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

/** The supplier invoices area's data layer (docs/web.md, "Data layer"). */
const invoiceKeys = keys.distributorInvoices;
type UpdateBody = NonNullable<CallInput<typeof distributorInvoiceCalls.update>['body']>;

export const distributorInvoiceList = listSource(distributorInvoiceCalls.list, invoiceKeys.list('all'));

export function useDistributorInvoice(id: number | undefined) {
  return useQuery({
    queryKey: invoiceKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(distributorInvoiceCalls.get, { params: { id: id } })).distributorInvoice,
    enabled: id !== undefined,
  });
}

export const useCreateDistributorInvoice = () =>
  useCallMutation(distributorInvoiceCalls.create, {
    input: (body: DistributorInvoiceInput) => ({ body }),
    invalidates: () => [invoiceKeys.lists()],
  });

export const useUpdateDistributorInvoice = () =>
  useCallMutation(distributorInvoiceCalls.update, {
    input: (body: UpdateBody) => ({ body }),
    invalidates: (_, body) => [invoiceKeys.lists(), invoiceKeys.detail(body.id)],
  });

/** The invoice goes with its payments. */
export const useDeleteDistributorInvoice = () =>
  useCallMutation(distributorInvoiceCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [invoiceKeys.lists(), keys.payments.lists()],
  });
