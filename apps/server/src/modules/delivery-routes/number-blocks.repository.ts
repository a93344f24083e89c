import type { ListFilter } from '@wd/contracts';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client.js';
import { invoices, numberBlocks, users } from '../../db/schema/index.js';
import { listPage } from '../../lib/list.js';
import { searchCondition } from '../../lib/list-search.js';

const columns = {
  id: numberBlocks.id,
  userID: numberBlocks.userId,
  user: users.username,
  deviceID: numberBlocks.deviceId,
  day: numberBlocks.day,
  numbers: numberBlocks.numbers,
  createdAt: numberBlocks.createdAt,
  releasedAt: numberBlocks.releasedAt,
};
export type BlockRow = {
  id: number;
  userID: number;
  user: string;
  deviceID: string;
  day: string;
  numbers: number[];
  createdAt: Date;
  releasedAt: Date | null;
};

function select<F extends SelectedFields>(db: Tx, fields: F) {
  return db.select(fields).from(numberBlocks).innerJoin(users, eq(users.id, numberBlocks.userId));
}

export const numberBlocksRepository = {
  /**
   * `count` numbers of the invoice sequence, which never hands them out again: the office's
   * next invoice takes a number after them, and no other block can hold them.
   */
  async takeNumbers(db: Tx, count: number): Promise<number[]> {
    const result = await db.execute(sql`select nextval('invoice_no_seq')::int as n from generate_series(1, ${count})`);
    return rowsOf(result)
      .map((r) => Number(r.n))
      .sort((a, b) => a - b);
  },

  async insert(db: Tx, values: typeof numberBlocks.$inferInsert) {
    const [row] = await db.insert(numberBlocks).values(values).returning({ id: numberBlocks.id });
    return row.id;
  },

  async find(db: Tx, id: number, lock = false): Promise<BlockRow | undefined> {
    const query = select(db, columns).where(eq(numberBlocks.id, id));
    const [row] = lock ? await query.for('update', { of: numberBlocks }) : await query;
    return row;
  },

  /** A device's open blocks of a day, newest first. */
  openBlocks(db: Tx, deviceId: string, userId: number, day: string): Promise<BlockRow[]> {
    return select(db, columns)
      .where(
        and(
          eq(numberBlocks.deviceId, deviceId),
          eq(numberBlocks.userId, userId),
          eq(numberBlocks.day, day),
          isNull(numberBlocks.releasedAt),
        ),
      )
      .orderBy(desc(numberBlocks.id));
  },

  /** Per block, the numbers an invoice has taken: its invoices' numbers (by invoices.number_block_id). */
  async usedNumbers(db: Tx, blockIds: number[]): Promise<Map<number, number[]>> {
    const used = new Map<number, number[]>(blockIds.map((id) => [id, []]));
    if (blockIds.length === 0) return used;
    const n = sql<number>`substring(${invoices.invoiceNo} from 9)::int`;
    const rows = await db
      .select({ id: invoices.numberBlockId, n })
      .from(invoices)
      .where(inArray(invoices.numberBlockId, blockIds))
      .orderBy(invoices.numberBlockId, n);
    for (const r of rows) used.get(Number(r.id))?.push(Number(r.n));
    return used;
  },

  list(db: Tx, filter: ListFilter) {
    return listPage(filter, {
      from: (fields: SelectedFields) => select(db, fields),
      columns,
      where: searchCondition(filter.searchQuery, [users.username, numberBlocks.deviceId]),
      sortable: { id: numberBlocks.id, user: users.username, day: numberBlocks.day, createdAt: numberBlocks.createdAt },
      order: [desc(numberBlocks.id)],
    });
  },

  async release(db: Tx, id: number) {
    await db.update(numberBlocks).set({ releasedAt: sql`now()` }).where(eq(numberBlocks.id, id));
  },

  /** Closes every block of a day before `day` still open: the end of day. Returns their ids. */
  async releaseBefore(db: Tx, day: string): Promise<number[]> {
    const rows = await db
      .update(numberBlocks)
      .set({ releasedAt: sql`now()` })
      .where(and(isNull(numberBlocks.releasedAt), lt(numberBlocks.day, day)))
      .returning({ id: numberBlocks.id });
    return rows.map((r) => r.id);
  },
};
