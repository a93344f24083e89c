import { useQuery } from '@tanstack/react-query';
import { type Call, type CallRoute, callRoutes } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { keys } from '../../lib/query-keys';

const { dashboardCalls } = callRoutes;

/**
 * The dashboard's data (docs/dashboard.md): each call with its default
 * period (this month, the last 14 days), counted by the server from the
 * business's local today. One query per card or chart, so each shows its own
 * loading and error state.
 */
function useReport<C extends Call>(call: C | CallRoute<C>, name: string) {
  return useQuery({
    queryKey: keys.dashboard.list(name),
    queryFn: () => callApi(call, { body: {} } as never),
  });
}

export const useStatusOverview = () => useReport(dashboardCalls.statusOverview, 'statusOverview');
export const useStatusAnalysis = () => useReport(dashboardCalls.status, 'status');
export const useProductStatus = () => useReport(dashboardCalls.productStatus, 'productStatus');
export const useSalesDaily = () => useReport(dashboardCalls.salesDaily, 'salesDaily');
export const useSalesByCategory = () => useReport(dashboardCalls.salesByCategory, 'salesByCategory');
export const useTopProducts = () => useReport(dashboardCalls.productsTop, 'productsTop');
export const useRecentInvoices = () => useReport(dashboardCalls.invoices, 'invoices');
