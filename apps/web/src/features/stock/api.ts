import { useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  type LoadSheetInput,
  type ReorderLevelsInput,
  type StockCountInput,
  type StockTransferInput,
} from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { createKeys, keys } from '../../lib/query-keys';

const { routeCalls, stockCalls } = callRoutes;

/** Stock's data layer: locations, the stock report, the ledger, a product's stock, counts and transfers. */
export const stockKeys = keys.stock;

export const stockLevels = listSource(stockCalls.levels, stockKeys.list('levels'));
export const stockMovements = listSource(stockCalls.movements, stockKeys.list('movements'));
export const reorderList = listSource(stockCalls.reorder, stockKeys.list('reorder'));

/** The routes for the load sheet's Route box (every route, by name). */
export function useRouteChoices() {
  return useQuery({
    queryKey: createKeys('routes').list('choices'),
    queryFn: async () => (await callApi(routeCalls.list, { body: { resultsPerPage: 100_000 } })).routes,
    staleTime: 30_000,
  });
}

/** A truck's load sheet for a day; read again after every load (stockKeys.all). */
export function useLoadSheet(input: LoadSheetInput | undefined) {
  return useQuery({
    queryKey: stockKeys.list('loadSheet', input ?? {}),
    queryFn: async () => (await callApi(stockCalls.loadSheet, { body: input as LoadSheetInput })).loadSheet,
    enabled: input !== undefined,
  });
}

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
export const useReorderLevels = () =>
  useCallMutation(stockCalls.reorderLevels, {
    input: (body: ReorderLevelsInput) => ({ body }),
    invalidates: () => [stockKeys.all],
  });
export const useStockTransfer = () =>
  useCallMutation(stockCalls.transfer, {
    input: (body: StockTransferInput) => ({ body }),
    invalidates: () => [stockKeys.all],
  });
