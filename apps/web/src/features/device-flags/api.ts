import { callRoutes } from '@wd/contracts';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { createKeys } from '../../lib/query-keys';

const { deviceFlagCalls } = callRoutes;

/** Driver flags' data layer (admins only): the list and Settle. */
export const deviceFlagKeys = createKeys('deviceFlags');

export const allDeviceFlags = listSource(deviceFlagCalls.list, deviceFlagKeys.list('all'));

/** Settles a flag with a note; the flag moves from the open list to the settled one. */
export const useSettleDeviceFlag = () =>
  useCallMutation(deviceFlagCalls.settle, {
    input: ({ id, note }: { id: number; note: string }) => ({ params: { id }, body: { note } }),
    invalidates: () => [deviceFlagKeys.all],
  });
