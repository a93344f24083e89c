import { dayEndIn, type Settings, type SettingsUpdateBody, todayIn } from '@wd/contracts';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { setsSomething } from '../../lib/table-rows.js';
import { settingsRepository as repo } from './settings.repository.js';

/** The settings' audit trail: the settings as the API answers them. */
const settingsTrail = auditTrail('settings', (s: Settings) => s);

export function createSettingsService({ db, config }: AppContext) {
  // The business's date and when it ends, worked out once a day rather than on every answer.
  let day = { today: '', endsAt: 0 };
  const zone = () => {
    const now = Date.now();
    if (now >= day.endsAt)
      day = { today: todayIn(config.timeZone, new Date(now)), endsAt: dayEndIn(config.timeZone, new Date(now)) };
    return { timeZone: config.timeZone, today: day.today, todayEndsAt: new Date(day.endsAt).toISOString() };
  };
  return {
    async get() {
      return { settings: await repo.read(db), ...zone() };
    },

    /** Changes the given fields; the first save creates the row. One transaction with its audit entry. */
    async update(input: SettingsUpdateBody, user: AuthUser) {
      return db.transaction(async (tx) => {
        const before = await repo.read(tx, true);
        const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        // `{}` changes nothing: nothing is written and no audit entry either.
        if (!setsSomething(changes)) return { settings: before, ...zone() };
        const after = await repo.write(tx, { ...before, ...changes } as Settings);
        await settingsTrail.update(tx, user.id, 1, before, after);
        return { settings: after, ...zone() };
      });
    },

    /** The sender of e-mails: the setting when set, else the server's MAIL_FROM. */
    async mailFrom() {
      return (await repo.read(db)).mailFrom || config.mailFrom;
    },
  };
}
