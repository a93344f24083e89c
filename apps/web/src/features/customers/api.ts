import { useQuery } from '@tanstack/react-query';
import { callPath, callRoutes } from '@wd/contracts';
import { callApi, fetchBlob, saveBlob } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation, useCreateCall, useIdsCall, useUpdateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { customerCalls, priceGroupCalls } = callRoutes;

/** The customers' data layer: list sources, queries, mutation hooks and the resale certificate files. */
const customerKeys = keys.customers;

export const activeCustomers = listSource(customerCalls.list, customerKeys.list('active'));
export const deletedCustomers = listSource(customerCalls.listDeleted, customerKeys.list('deleted'));

export function useCustomer(id: number | undefined) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(customerCalls.get, { params: { id: id } })).customer,
    enabled: id !== undefined,
  });
}

/** Price groups for the customer form's picker. */
export function usePriceGroupOptions(search: string) {
  return useQuery({
    queryKey: keys.priceGroups.list('options', search),
    queryFn: async () =>
      (await callApi(priceGroupCalls.list, { body: { searchQuery: search, resultsPerPage: 50 } })).priceGroups,
    staleTime: 30_000,
  });
}

export const useCreateCustomer = () => useCreateCall(customerCalls.create, customerKeys);

export const useUpdateCustomer = () => useUpdateCall(customerCalls.update, customerKeys);

/** Soft delete for active customers, permanent for deleted ones; both lists change. */
export const useDeleteCustomers = () => useIdsCall(customerCalls.delete, customerKeys);

export const useRecoverCustomers = () => useIdsCall(customerCalls.recover, customerKeys);

/** Signing stores the image and marks the customer verified today. */
export const useSignResaleCertificate = () =>
  useCallMutation(customerCalls.signResaleCertificate, {
    input: ({ id, file }: { id: number; file: File }) => ({ params: { id }, file }),
    invalidates: (_, { id }) => [customerKeys.lists(), customerKeys.detail(id)],
  });

/** The stored certificate image (a file route outside /api, behind the Token). */
export const resaleCertificateImage = (id: number) =>
  fetchBlob(`/files/resaleCertificates/Resale_Certificate_${id}.jpg`);

export async function downloadResaleCertificate(id: number) {
  saveBlob(await fetchBlob(callPath(customerCalls.resaleCertificatePdf, { id })), `Resale_Certificate_${id}.pdf`);
}
