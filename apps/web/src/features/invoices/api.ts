import { type QueryClient, useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  type InvoiceInsertInput,
  type InvoiceItem,
  type InvoiceItemUpdateInput,
  type InvoiceLineChange,
  type InvoiceUpdateInput,
} from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';
import { invoiceItemsQuery, invoiceSummaryQuery, itemsKey } from './invoice-queries';

const { invoiceCalls } = callRoutes;

/**
 * The invoices area's data layer (docs/web.md, "Data layer"). An invoice's
 * lines hang under its detail key, so making the detail stale covers them;
 * every change to an invoice also makes the lists stale (their totals). A line
 * change answers the line and the invoice's new totals: they are written into
 * the cache (no refetch of the invoice and all its lines per scan).
 */
const invoiceKeys = keys.invoices;
const stale = (id: string | number) => [invoiceKeys.lists(), invoiceKeys.detail(id)];

export const invoiceList = listSource(invoiceCalls.list, invoiceKeys.list('all'));

/** The invoice with its parties and totals. */
export function useInvoiceSummary(id: number) {
  return useQuery(invoiceSummaryQuery(id));
}

/** Every line of the invoice. */
export function useInvoiceItems(id: number) {
  return useQuery(invoiceItemsQuery(id));
}

/** Earlier prices of a line's product for the invoice's customer. */
export function useProductHistory(line: InvoiceItem | null) {
  return useQuery({
    queryKey: [...itemsKey(line?.invoiceID ?? ''), line?.id, 'priceHistory'],
    queryFn: async () =>
      (await callApi(invoiceCalls.productHistory, { params: { id: Number(line?.id) } })).priceHistory,
    enabled: Boolean(line),
  });
}

export const useCreateInvoice = () =>
  useCallMutation(invoiceCalls.create, {
    input: (type: 'invoice' | 'consignment') => ({ params: { type } }),
    invalidates: () => [invoiceKeys.lists()],
  });

export const useUpdateInvoice = () =>
  useCallMutation(invoiceCalls.update, {
    input: (body: InvoiceUpdateInput) => ({ body }),
    invalidates: (_, body) => stale(body.id),
  });

/** The invoice goes with its lines and payments (its own detail is not loaded again: it is gone). */
export const useDeleteInvoice = () =>
  useCallMutation(invoiceCalls.delete, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [invoiceKeys.lists(), keys.payments.lists()],
  });

type SummaryData = Awaited<ReturnType<typeof useInvoiceSummary>>['data'];

/**
 * Writes a line change's answer into the cached invoice, its totals and its
 * lines: the changed line is replaced in place (other rows keep their
 * identity, so they do not render again), a new one goes last (lines are in
 * id order), a deleted one leaves. The lists are left stale.
 */
function applyLineChange(
  client: QueryClient,
  invoiceID: number,
  answer: InvoiceLineChange,
  line: { put: InvoiceItem } | { removed: number },
) {
  client.setQueryData<SummaryData>(invoiceKeys.detail(invoiceID), (old) =>
    old ? { invoiceSummary: { ...old.invoiceSummary, ...answer.invoice }, invoiceTotals: answer.invoiceTotals } : old,
  );
  client.setQueryData<InvoiceItem[]>(itemsKey(invoiceID), (old) => {
    if (!old) return old;
    if ('removed' in line) return old.filter((l) => l.id !== line.removed);
    const at = old.findIndex((l) => l.id === line.put.id);
    return at < 0 ? [...old, line.put] : old.map((l, i) => (i === at ? line.put : l));
  });
}

export const useAddInvoiceLine = () =>
  useCallMutation(invoiceCalls.addItem, {
    input: (body: InvoiceInsertInput) => ({ body }),
    update: (client, answer, body) => applyLineChange(client, body.invoiceID, answer, { put: answer.invoiceItem }),
    invalidates: () => [invoiceKeys.lists()],
  });

export const useUpdateInvoiceLine = () =>
  useCallMutation(invoiceCalls.updateItem, {
    input: (body: InvoiceItemUpdateInput) => ({ body }),
    update: (client, answer, body) => applyLineChange(client, body.invoiceID, answer, { put: answer.invoiceItem }),
    invalidates: () => [invoiceKeys.lists()],
  });

export const useDeleteInvoiceLine = () =>
  useCallMutation(invoiceCalls.deleteItem, {
    input: (line: Pick<InvoiceItem, 'id' | 'invoiceID'>) => ({ params: { id: line.id } }),
    update: (client, answer, line) => applyLineChange(client, line.invoiceID, answer, { removed: line.id }),
    invalidates: () => [invoiceKeys.lists()],
  });

/** Copy to new invoice: a new NEW draft of the invoice's lines at today's prices (the lists gain it). */
export const useCopyInvoice = () =>
  useCallMutation(invoiceCalls.copy, {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => [invoiceKeys.lists()],
  });

/** The draft's lines its customer's prices would change (read when the customer changes). */
export const fetchRepricePreview = (id: number) => callApi(invoiceCalls.repricePreview, { params: { id } });

/** Re-prices the chosen lines at the customer's prices: the invoice and its lines are read again. */
export const useRepriceInvoice = () =>
  useCallMutation(invoiceCalls.reprice, {
    input: (body: { id: number; lineIDs: number[] }) => ({ body }),
    invalidates: (_, body) => stale(body.id),
  });
