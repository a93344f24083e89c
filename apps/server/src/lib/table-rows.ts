import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tx } from '../db/client.js';

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
    async update(db: Tx, id: number, values: Partial<T['$inferInsert']>) {
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
    async update(db: Tx, id: number, values: Partial<T['$inferInsert']>): Promise<Row> {
      const rows = (await db
        .update(table)
        .set(values as never)
        .where(eq(table.id, id))
        .returning(columns as never)) as unknown as Row[];
      return rows[0];
    },
  };
}
