import type { Settings, SettingsUpdateBody } from '@wd/contracts';
import { recordAudit } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import type { AuthUser } from '../users/users.service.js';
import { settingsRepository as repo } from './settings.repository.js';

export function createSettingsService({ db, config }: AppContext) {
  return {
    async get() {
      return { settings: await repo.read(db) };
    },

    /** Changes the given fields; the first save creates the row. One transaction with its audit entry. */
    async update(input: SettingsUpdateBody, user: AuthUser) {
      return db.transaction(async (tx) => {
        const before = await repo.read(tx, true);
        const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        const after = await repo.write(tx, { ...before, ...changes } as Settings);
        await recordAudit(tx, user.id, 'settings', 1, 'update', before, after);
        return { settings: after };
      });
    },

    /** The sender of e-mails: the setting when set, else the server's MAIL_FROM. */
    async mailFrom() {
      return (await repo.read(db)).mailFrom || config.mailFrom;
    },
  };
}
