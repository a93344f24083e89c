import { MESSAGES } from '@wd/contracts';
import { type AnyColumn, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import type { AuditTrail } from './audit.js';
import type { AuthUser } from './context.js';
import { ConflictError, NotFoundError } from './errors.js';

/**
 * The one soft-delete mechanism (products, billers, customers;
 * docs/business-rules.md, "Deleting and recovering"): Delete on an active
 * record moves it to the recover list; Delete on a deleted record removes it
 * for good unless something still points at it; Recover brings it back when
 * nothing has taken its place. Always bulk (ids), in one transaction, audited.
 */
export interface SoftDeletable<Row extends { id: number; deletedAt: Date | null }> {
  /** The records' audit trail. */
  trail: AuditTrail<Row>;
  /** The 404 message ("The product doesn't exist"). */
  notFound: string;
  /** How a record is named in a refusal ("Acme Wholesale"). */
  label(row: Row): string;
  /** The records, deleted or not, locked for the change. */
  lockMany(tx: Tx, ids: number[]): Promise<Row[]>;
  /** A record that may never be deleted: the reason (409). */
  undeletable?(row: Row): string | null;
  /** What still points at a deleted record, by name and count; any count > 0 refuses permanent deletion. */
  references?(tx: Tx, row: Row): Promise<Record<string, number>>;
  /** Why a deleted record can not come back now (another took its barcode …), or null. */
  unrecoverable?(tx: Tx, row: Row): Promise<string | null>;
  /** Stored files that go with a permanently deleted record. */
  removeFiles?(tx: Tx, rows: Row[]): Promise<void>;
  /** Turns a database error (a unique index a concurrent change hit) into the area's own. */
  rethrow?(error: unknown): never;
}

/** "3 expenses and 2 invoices" from reference counts; null when nothing points at the record. */
export function describeReferences(refs: Record<string, number>): string | null {
  const parts = Object.entries(refs)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${n === 1 ? what.replace(/s$/, '') : what}`);
  return parts.length ? parts.join(' and ') : null;
}

/** The table side: mark, unmark and remove rows by id. */
export function softDeleteTable(table: PgTable & { id: AnyColumn; deletedAt: AnyColumn }) {
  return {
    async setDeleted(tx: Tx, ids: number[], deletedAt: Date | null) {
      if (ids.length)
        await tx
          .update(table)
          .set({ deletedAt } as never)
          .where(inArray(table.id, ids));
    },
    async remove(tx: Tx, ids: number[]) {
      if (ids.length) await tx.delete(table).where(inArray(table.id, ids));
    },
  };
}

export function createSoftDelete<Row extends { id: number; deletedAt: Date | null }>(
  db: Db,
  table: PgTable & { id: AnyColumn; deletedAt: AnyColumn },
  spec: SoftDeletable<Row>,
) {
  const rows = softDeleteTable(table);
  const lockAll = async (tx: Tx, ids: number[]) => {
    const found = await spec.lockMany(tx, [...new Set(ids)]);
    if (found.length === 0) throw new NotFoundError(spec.notFound);
    return found;
  };

  const run = async (work: (tx: Tx) => Promise<void>) => {
    try {
      await db.transaction(work);
    } catch (error) {
      if (spec.rethrow) spec.rethrow(error);
      throw error;
    }
  };

  return {
    /** Soft-deletes the active ones and permanently deletes the deleted ones. */
    async delete(ids: number[], user: AuthUser) {
      await run(async (tx) => {
        const found = await lockAll(tx, ids);
        for (const row of found) {
          const reason = spec.undeletable?.(row);
          if (reason) throw new ConflictError(reason);
        }
        const soft = found.filter((r) => !r.deletedAt);
        const hard = found.filter((r) => r.deletedAt);
        for (const row of hard) {
          const refs = spec.references ? describeReferences(await spec.references(tx, row)) : null;
          if (refs) throw new ConflictError(`${spec.label(row)} has ${refs} and can not be deleted permanently`);
        }
        await rows.setDeleted(
          tx,
          soft.map((r) => r.id),
          new Date(),
        );
        await rows.remove(
          tx,
          hard.map((r) => r.id),
        );
        if (hard.length) await spec.removeFiles?.(tx, hard);
        await spec.trail.write(tx, user.id, 'delete', [
          ...soft.map((r) => ({ id: r.id, before: r, afterNote: { deleted: 'soft' } })),
          ...hard.map((r) => ({ id: r.id, before: r, afterNote: { deleted: 'permanent' } })),
        ]);
      });
      return { message: MESSAGES.deleted };
    },

    /** Brings deleted records back; a record that is not deleted is not found. */
    async recover(ids: number[], user: AuthUser) {
      await run(async (tx) => {
        const found = (await lockAll(tx, ids)).filter((r) => r.deletedAt);
        if (found.length === 0) throw new NotFoundError(spec.notFound);
        for (const row of found) {
          const reason = await spec.unrecoverable?.(tx, row);
          if (reason) throw new ConflictError(reason);
        }
        await rows.setDeleted(
          tx,
          found.map((r) => r.id),
          null,
        );
        await spec.trail.write(
          tx,
          user.id,
          'recover',
          found.map((r) => ({ id: r.id })),
        );
      });
      return { message: MESSAGES.recovered };
    },
  };
}
