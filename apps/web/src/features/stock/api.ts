import { useQuery } from '@tanstack/react-query';
import { type StockCountInput, type StockTransferInput, stockCalls } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

/** Stock's data layer: locations, the stock report, the ledger, a product's stock, counts and transfers. */
export const stockKeys = keys.stock;

export const stockLevels = listSource(stockCalls.levels, stockKeys.list('levels'));
export const stockMovements = listSource(stockCalls.movements, stockKeys.list('movements'));

export function useStockLocations() {
  return useQuery({
    queryKey: stockKeys.list('locations'),
    queryFn: async () => (await callApi(stockCalls.locations)).locations,
    staleTime: 30_000,
  });
}

/** A product's stock at each location (for a count's "on the books" figure). */
export function useProductStock(id: number | undefined) {
  return useQuery({
    queryKey: stockKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(stockCalls.product, { params: { id } })).stock,
    enabled: id !== undefined,
  });
}

/** Every stock figure may change after a count or a transfer. */
export const useStockCount = () =>
  useCallMutation(stockCalls.count, {
    input: (body: StockCountInput) => ({ body }),
    invalidates: () => [stockKeys.all],
  });
export const useStockTransfer = () =>
  useCallMutation(stockCalls.transfer, {
    input: (body: StockTransferInput) => ({ body }),
    invalidates: () => [stockKeys.all],
  });
