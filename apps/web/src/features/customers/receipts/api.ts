import { useQuery } from '@tanstack/react-query';
import { callRoutes, type ReceiptInput } from '@wd/contracts';
import { callApi } from '../../../lib/api-client';
import { useCallMutation } from '../../../lib/mutations';
import { createKeys, keys } from '../../../lib/query-keys';

const { receiptCalls } = callRoutes;

/**
 * Receipts (docs/receivables.md "Receipts"): one amount from a customer split
 * over their open invoices. A receipt changes its invoices and their payment
 * histories, so those go stale with it.
 */
export const receiptKeys = createKeys('receipts');

/** A customer's open (DUE) invoices, oldest first: what the Receive Payment form splits the amount over. */
export function useOpenInvoices(customerId: number | null) {
  return useQuery({
    queryKey: [...receiptKeys.list('open', customerId)],
    queryFn: async () => (await callApi(receiptCalls.openInvoices, { params: { id: customerId ?? 0 } })).invoices,
    enabled: Boolean(customerId),
    staleTime: 0,
  });
}

/** A customer's receipts, newest first, with their shares. */
export function useCustomerReceipts(customerId: number) {
  return useQuery({
    queryKey: [...receiptKeys.list('customer', customerId)],
    queryFn: async () => (await callApi(receiptCalls.customerReceipts, { params: { id: customerId } })).receipts,
    enabled: Number.isInteger(customerId) && customerId > 0,
  });
}

const stale = () => [receiptKeys.all, keys.invoices.all, keys.payments.all, ['receivables'], keys.reports.all];

export interface NewReceipt {
  receipt: ReceiptInput;
  chequeImage: File | null;
  /** The dialog's key: a second Save of the same receipt is the same request. */
  idempotencyKey?: string;
}

export function useCreateReceipt() {
  return useCallMutation(receiptCalls.create, {
    input: ({ receipt, chequeImage, idempotencyKey }: NewReceipt) => ({
      body: receipt,
      file: chequeImage,
      idempotencyKey,
    }),
    invalidates: stale,
  });
}

export function useDeleteReceipt() {
  return useCallMutation(receiptCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: stale,
  });
}
