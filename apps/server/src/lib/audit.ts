import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'recover';

/**
 * A remark stored beside or instead of a record (`{ deleted: 'soft' }`, a
 * count, a flag). It holds no money: an amount is always part of a record,
 * which goes through its trail's snapshot.
 */
export type AuditNote = Record<string, string | number | boolean | null>;

/** One entry of a bulk write: the record before and after (rows), or a note in place of either side. */
export interface AuditEntry<Row> {
  id: number;
  before?: Row | null;
  after?: Row | null;
  beforeNote?: AuditNote;
  afterNote?: AuditNote;
}

/**
 * The audit trail of one kind of record. Every value it writes goes through
 * `snapshot`, the area's mapper from its stored row to the contract's record
 * (money in dollars, the wire's field names), so every entry of the log is in
 * one unit whoever writes it. Entries are written in the caller's transaction,
 * so a change and its entry commit or roll back together.
 */
export function auditTrail<Row>(entity: string, snapshot: (row: Row) => object) {
  const side = (row: Row | null | undefined, note: AuditNote | undefined) =>
    note ?? (row === null || row === undefined ? null : snapshot(row));
  const write = (tx: Tx, userId: number | null, action: AuditAction, entries: AuditEntry<Row>[]) =>
    entries.length === 0
      ? Promise.resolve()
      : tx
          .insert(auditLog)
          .values(
            entries.map((e) => ({
              userId,
              entity,
              entityId: e.id,
              action,
              before: side(e.before, e.beforeNote),
              after: side(e.after, e.afterNote),
            })),
          )
          .then(() => undefined);

  return {
    entity,
    snapshot,
    create: (tx: Tx, userId: number | null, id: number, after: Row) => write(tx, userId, 'create', [{ id, after }]),
    update: (tx: Tx, userId: number | null, id: number, before: Row, after: Row) =>
      write(tx, userId, 'update', [{ id, before, after }]),
    delete: (tx: Tx, userId: number | null, id: number, before: Row) => write(tx, userId, 'delete', [{ id, before }]),
    /** Any action, one entry or many (bulk deletes and imports), with notes where a side is not a record. */
    write,
  };
}
export type AuditTrail<Row> = ReturnType<typeof auditTrail<Row>>;
