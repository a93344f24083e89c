import { DEVICE_FLAG_MESSAGES, type DeviceFlagListFilter, type DeviceFlagRecord } from '@wd/contracts';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { type FlagRow, deviceFlagsRepository as repo, toDeviceFlagRecord } from './device-flags.repository.js';

/** A flag's audit trail: the flag as the API answers it. */
const deviceFlagTrail = auditTrail('device_flag', toDeviceFlagRecord);

/**
 * Driver flags (docs/route-mode.md): what drivers' syncs stored differently from the office's data.
 * The office lists them and settles each one once, with a note.
 */
export function createDeviceFlagsService({ db }: AppContext) {
  return {
    async list(filter: DeviceFlagListFilter) {
      const { rows, totalRows } = await repo.list(db, filter);
      return pageResponse('flags', rows.map(toDeviceFlagRecord), filter, totalRows);
    },

    /** Settles an open flag: when, by whom and the note, in one transaction with the row locked (a second settle is a 409). */
    async settle(id: number, note: string, user: AuthUser): Promise<DeviceFlagRecord> {
      return db.transaction(async (tx) => {
        const locked = await repo.lock(tx, id);
        if (!locked) throw new NotFoundError(DEVICE_FLAG_MESSAGES.notFound);
        if (locked.resolvedAt) throw new ConflictError(DEVICE_FLAG_MESSAGES.alreadySettled);
        const before = (await repo.find(tx, id)) as FlagRow;
        await repo.settle(tx, id, user.id, note);
        const after = (await repo.find(tx, id)) as FlagRow;
        await deviceFlagTrail.update(tx, user.id, id, before, after);
        return toDeviceFlagRecord(after);
      });
    },
  };
}

export type DeviceFlagsService = ReturnType<typeof createDeviceFlagsService>;
