import { id, text } from './common/fields.js';
import { listFilterSchema, pageFields } from './common/list.js';
import { z } from './common/zod.js';

/**
 * The audit trail (docs/audit.md): every recorded change, who made it and
 * when, as a list of the fields it changed. Admins only.
 */

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'recover'] as const;

/** The /audit filter: the list filter plus who, what and when ('' = any). */
export const auditFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    userId: z.union([id(), z.literal('')]).optional(),
    entity: z.union([text().trim().max(64), z.literal('')]).optional(),
    entityId: z.union([id(), z.literal('')]).optional(),
    action: z.union([z.enum(AUDIT_ACTIONS), z.literal('')]).optional(),
    startDate: z.union([z.iso.date(), z.literal('')]).optional(),
    endDate: z.union([z.iso.date(), z.literal('')]).optional(),
  }),
);
export type AuditFilter = z.output<typeof auditFilter>;
export type AuditFilterInput = z.input<typeof auditFilter>;

/** One field of a change: its value before and after, as JSON text ('' where there was none). */
export const auditChangeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z
  .object({
    id: z.int(),
    /** ISO timestamp. */
    createdAt: z.string(),
    /** Who made the change ('' when the user is gone or it was the system). */
    user: z.string(),
    entity: z.string(),
    entityId: z.int().nullable(),
    action: z.enum(AUDIT_ACTIONS),
    /** The fields that differ (an update), or every field of what was created or deleted. */
    changes: z.array(auditChangeSchema),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponse = z.object({ auditLog: z.array(auditEntrySchema), ...pageFields });
export const auditEntitiesResponse = z.object({ entities: z.array(z.string()) });

/** A value shown in a change is cut to this many characters (a deleted invoice's lines can be long). */
export const AUDIT_VALUE_MAX = 2_000;

function show(value: unknown): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields of a change, from the stored before and after: for an update
 * the fields whose values differ, for a create or delete every field of the
 * one side. Values that are not records are one field named 'value'.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = isRecord(before) ? before : before === null || before === undefined ? {} : { value: before };
  const a = isRecord(after) ? after : after === null || after === undefined ? {} : { value: after };
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }));
}
