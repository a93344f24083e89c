import type { StockMovementFilter } from '@wd/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { stockMovements } from '../../db/schema/index.js';
import { firstPast, type Seek } from '../../lib/list-seek.js';

// A deep page of the stock ledger in id order (its time order) found through the movements kept
// per block of ids (migration 0078) instead of by skipping index entries: page 109,942 of 2.2
// million movements skipped 1.1 million entries of the id index (48 ms of SQL).

/** The ids one block holds (id / BLOCK_IDS), as migration 0078 and its trigger count them. */
export const BLOCK_IDS = 4096;

/** Whether the filter's pages can be sought: no search, no product (its pages are few), time order. */
export function ledgerSeekable(filter: StockMovementFilter): boolean {
  const sorts = filter.sortingList ?? [];
  const inTimeOrder = sorts.length === 0 || (sorts.length === 1 && sorts[0].column === 'createdAt');
  return inTimeOrder && !filter.productID && !filter.searchQuery?.trim();
}

/**
 * The block the movement at `offset` lies in (newest first when `descending`) and how many of the
 * filter's movements come before that block, in one statement over the folded blocks and the
 * deltas not folded yet; undefined past the last movement. With no location and no kind the
 * blocks' totals are read (location 0, kind '*'), else their rows of that location and kind.
 */
export async function seekMovementBlock(
  db: Tx,
  filter: Pick<StockMovementFilter, 'locationID' | 'kind'>,
  descending: boolean,
  offset: number,
): Promise<{ block: number; before: number } | undefined> {
  const own = (alias: string) =>
    and(
      filter.locationID ? sql`${sql.raw(alias)}.location_id = ${filter.locationID}` : undefined,
      filter.kind ? sql`${sql.raw(alias)}.kind = ${filter.kind}` : undefined,
    );
  const kept = own('b') ?? sql`b.location_id = 0 and b.kind = '*'`;
  const [row] = rowsOf<{ block: number | null; before: string | null }>(
    await db.execute(sql`
      with c as (
        select b.block, b.movements from stock_movement_blocks b where ${kept}
        union all
        select d.block, d.movements from stock_movement_block_deltas d where ${own('d') ?? sql`true`}
      ), n as (
        select block, sum(movements) as n from c group by block having sum(movements) <> 0
      )
      ${firstPast('block', 'n', sql`${offset}`, descending)}`),
  );
  return row ? { block: Number(row.block), before: Number(row.before) } : undefined;
}

/** The seek for listPage's seekingPage: from the block's first movement in the page's order on. */
export function ledgerSeek(db: Tx, filter: StockMovementFilter): Seek {
  const descending = filter.sortingList?.[0]?.order !== 'asc';
  return async (offset) => {
    const start = await seekMovementBlock(db, filter, descending, offset);
    if (!start) return undefined;
    const from: SQL = descending
      ? sql`${stockMovements.id} < ${(start.block + 1) * BLOCK_IDS}`
      : sql`${stockMovements.id} >= ${start.block * BLOCK_IDS}`;
    return { from, skip: offset - start.before };
  };
}
