import { text } from './common/fields.js';
import { listFilterSchema, listResponse } from './common/list.js';
import { z } from './common/zod.js';
import { DEVICE_FLAG_KINDS } from './device-invoices.js';

/**
 * Driver flags (docs/route-mode.md): what a device's sync stored differently from the office's
 * data (`device_flags`), listed for the office, which settles each one with a note.
 */

/** A flag as the office's list shows it. */
export const deviceFlagRecordSchema = z
  .object({
    id: z.int(),
    /** The invoice the sync stored (0 when there is none). */
    invoiceID: z.int(),
    /** Its number ('' when there is none). */
    invoiceNo: z.string(),
    /** The driver's username. */
    driver: z.string(),
    deviceID: z.string(),
    kind: z.enum(DEVICE_FLAG_KINDS),
    message: z.string(),
    createdAt: z.string(),
    /** When the office settled it; null while it is open. */
    resolvedAt: z.string().nullable(),
    /** Who settled it ('' while it is open, or when that user is gone). */
    resolvedBy: z.string(),
    /** What the office wrote when it settled it. */
    note: z.string(),
  })
  .meta({ id: 'DeviceFlagRecord' });
export type DeviceFlagRecord = z.infer<typeof deviceFlagRecordSchema>;

/** Which flags the list shows: open ones (the default), settled ones, or every one. */
export const DEVICE_FLAG_STATES = ['open', 'settled', 'all'] as const;
export type DeviceFlagState = (typeof DEVICE_FLAG_STATES)[number];

export const deviceFlagListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({ state: z.enum(DEVICE_FLAG_STATES).default('open') }),
);
export type DeviceFlagListFilter = z.output<typeof deviceFlagListFilter>;
export type DeviceFlagListFilterInput = z.input<typeof deviceFlagListFilter>;

/** Settling a flag: what the office did about it. */
export const deviceFlagSettleBody = z.object({ note: text().trim().min(1).max(500) });
export type DeviceFlagSettleInput = z.input<typeof deviceFlagSettleBody>;

export const deviceFlagRecordResponse = z.object({ flag: deviceFlagRecordSchema });
export const deviceFlagRecordsResponse = listResponse('flags', deviceFlagRecordSchema);

export const DEVICE_FLAG_MESSAGES = {
  notFound: "The flag doesn't exist",
  alreadySettled: 'This flag was already settled',
} as const;
