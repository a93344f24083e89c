import { callRoutes, type SettingsUpdateBody } from '@wd/contracts';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { settingsCalls } = callRoutes;

/** Saving the settings puts the answer in the cache that lib/settings reads. */
export const useUpdateSettings = () =>
  useCallMutation(settingsCalls.update, {
    input: (body: SettingsUpdateBody) => ({ body }),
    update: (client, answer) => client.setQueryData(keys.settings.all, answer.settings),
    invalidates: () => [],
  });
