import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'recover';

/** Records who changed what, in the same transaction as the change. */
export async function recordAudit(
  tx: Tx,
  userId: number | null,
  entity: string,
  entityId: number | null,
  action: AuditAction,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.insert(auditLog).values({ userId, entity, entityId, action, before: before ?? null, after: after ?? null });
}

/** Many rows at once (bulk deletes). */
export async function recordAuditMany(
  tx: Tx,
  userId: number | null,
  entity: string,
  action: AuditAction,
  rows: { id: number; before?: unknown; after?: unknown }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(auditLog)
    .values(
      rows.map((r) => ({ userId, entity, entityId: r.id, action, before: r.before ?? null, after: r.after ?? null })),
    );
}
