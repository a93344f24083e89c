import { queryOptions } from '@tanstack/react-query';
import { callRoutes } from '@wd/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { callApi } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { keys } from '../../lib/query-keys';
import { session } from '../../lib/session';

/**
 * An invoice's two reads (its summary with totals, and every line) as query
 * options, apart from the rest of the area's data layer so that the routes can
 * start them without loading it.
 */

const invoiceKeys = keys.invoices;
export const itemsKey = (id: string | number) => [...invoiceKeys.detail(id), 'items'] as const;

/** The invoice with its parties and totals. */
export const invoiceSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => callApi(callRoutes.invoiceCalls.summary, { params: { id } }),
  });

/** Every line of the invoice. */
export const invoiceItemsQuery = (id: number) =>
  queryOptions({
    queryKey: itemsKey(id),
    queryFn: async () =>
      (await callApi(callRoutes.invoiceCalls.items, { params: { id }, body: { resultsPerPage: 100_000 } }))
        .invoiceItems,
  });

/**
 * The loader of an invoice's screens: asks for the invoice and its lines at
 * once, beside the session check, the settings and the screen's code, rather
 * than after them when the screen mounts (the screen's queries then find them
 * on their way). It waits for none of it: an error shows on the screen as
 * before. Without a stored session nothing is asked.
 */
export function prefetchInvoice({ params }: LoaderFunctionArgs): null {
  const id = Number(params.id);
  if (session.get() && Number.isInteger(id) && id > 0) {
    void queryClient.prefetchQuery(invoiceSummaryQuery(id));
    void queryClient.prefetchQuery(invoiceItemsQuery(id));
  }
  return null;
}
