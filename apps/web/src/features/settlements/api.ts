import { useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  type SettlementAdjustInput,
  type SettlementOpenInput,
  type SettlementUpdateInput,
} from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { createKeys, keys } from '../../lib/query-keys';

const { settlementCalls } = callRoutes;

/** Settlements' data layer: the list, one settlement, open, update, close and adjust. */
export const settlementKeys = createKeys('settlements');

export const allSettlements = listSource(settlementCalls.list, settlementKeys.list('all'));

export function useSettlement(id: number | undefined) {
  return useQuery({
    queryKey: settlementKeys.detail(id ?? 0),
    queryFn: async () => (await callApi(settlementCalls.get, { params: { id } })).settlement,
    enabled: id !== undefined,
  });
}

/** Each change answers the whole settlement: it replaces the cached one. */
const replaces = (result: { settlement: { id: number } }) => [
  settlementKeys.lists(),
  settlementKeys.detail(result.settlement.id),
];

export const useOpenSettlement = () =>
  useCallMutation(settlementCalls.open, {
    input: (body: SettlementOpenInput) => ({ body }),
    invalidates: replaces,
  });

export const useUpdateSettlement = () =>
  useCallMutation(settlementCalls.update, {
    input: (body: SettlementUpdateInput) => ({ body }),
    invalidates: replaces,
  });

/** Closing moves the truck's stock back to the warehouse. */
export const useCloseSettlement = () =>
  useCallMutation(settlementCalls.close, {
    input: ({ id, note }: { id: number; note: string }) => ({ params: { id }, body: { note } }),
    invalidates: (r) => [...replaces(r), keys.stock.all],
  });

export const useAdjustSettlement = () =>
  useCallMutation(settlementCalls.adjust, {
    input: ({ id, ...body }: SettlementAdjustInput & { id: number }) => ({ params: { id }, body }),
    invalidates: replaces,
  });
