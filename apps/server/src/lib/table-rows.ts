import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../db/client.js';

/**
 * Whether an update's values set any column. Drizzle leaves undefined values
 * out of the SET, and an UPDATE with nothing to set is no SQL at all (Drizzle
 * throws "No values to set"): a change that changes nothing writes nothing.
 */
export function setsSomething(values: object): boolean {
  return Object.values(values).some((v) => v !== undefined);
}

/** A table with a whole-number `id` primary key. */
type IdTable = PgTable & { id: PgColumn; $inferInsert: Record<string, unknown> };

/** The writes every repository has, by id: insert (answers the new id), update, remove. */
export function idRows<T extends IdTable>(table: T) {
  return {
    async insert(db: Tx, values: T['$inferInsert']): Promise<number> {
      const [row] = await db
        .insert(table)
        .values(values as never)
        .returning({ id: table.id });
      return row.id as number;
    },
    /** Sets the given columns; nothing to set writes nothing. */
    async update(db: Tx, id: number, values: Partial<T['$inferInsert']>) {
      if (!setsSomething(values)) return;
      await db
        .update(table)
        .set(values as never)
        .where(eq(table.id, id));
    },
    async remove(db: Tx, id: number) {
      await db.delete(table).where(eq(table.id, id));
    },
  };
}

/** Insert and update that answer the record in the repository's one select (`columns`), and remove. */
export function recordRows<T extends IdTable, C extends SelectedFields>(table: T, columns: C) {
  type Row = SelectResultFields<C>;
  return {
    remove: idRows(table).remove,
    async insert(db: Tx, values: T['$inferInsert']): Promise<Row> {
      const rows = (await db
        .insert(table)
        .values(values as never)
        .returning(columns as never)) as unknown as Row[];
      return rows[0];
    },
    /** Sets the given columns and answers the record; with nothing to set it is only read. */
    async update(db: Tx, id: number, values: Partial<T['$inferInsert']>): Promise<Row> {
      if (!setsSomething(values)) {
        const [row] = (await db
          .select(columns)
          .from(table as PgTable)
          .where(eq(table.id, id))) as unknown as Row[];
        return row;
      }
      const rows = (await db
        .update(table)
        .set(values as never)
        .where(eq(table.id, id))
        .returning(columns as never)) as unknown as Row[];
      return rows[0];
    },
  };
}
