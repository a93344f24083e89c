import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoutes, DEFAULT_SETTINGS, type Settings } from '@wd/contracts';
import { callApi } from './api-client';
import { setBusinessTimeZone } from './format';
import { queryClient } from './query-client';
import { keys } from './query-keys';

/** The settings change rarely: read once (at sign-in or app start) and kept; saving refreshes them. */
export const settingsQuery = queryOptions({
  queryKey: keys.settings.all,
  queryFn: async () => {
    const answer = await callApi(callRoutes.settingsCalls.get);
    setBusinessTimeZone(answer.timeZone, answer.today, answer.todayEndsAt);
    return answer.settings;
  },
  staleTime: 30 * 60_000,
});

/** Loads the settings before the first signed-in screen (a failure leaves the defaults). */
export async function loadSettings(): Promise<void> {
  await queryClient.ensureQueryData(settingsQuery).catch(() => undefined);
}

/** The settings, or the defaults until they arrive (`ready` once they did, or failed). */
export function useSettings(): { settings: Settings; ready: boolean } {
  const query = useQuery(settingsQuery);
  return { settings: query.data ?? DEFAULT_SETTINGS, ready: !query.isPending };
}

/** The page size of a list: the settings' Results Per Page. */
export const listPageSize = (s: Settings) => s.resultsPerPage;

/** The invoice lists' page size: Results Per Page when the setting says so, else 10. */
export const invoicePageSize = (s: Settings) => (s.invoiceResultsPerPage ? s.resultsPerPage : 10);
