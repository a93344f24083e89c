import { stockMovementFilter } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { stockKit } from '../../../test/stock.js';
import { rowsOf, type Tx } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import { stockLedgerRepository } from './stock-ledger.repository.js';
import { BLOCK_IDS, seekMovementBlock } from './stock-ledger-seek.repository.js';

/**
 * Deep pages of the stock ledger found through the movements kept per block of ids (migration
 * 0078): where the seek says the movement at each offset lies (its block, and how many of the
 * filter's movements come before that block) is held to the ledger in id order, and every page,
 * each one sought, to the ledger. Movements spread over six blocks, two locations and three
 * kinds; some folded, some still deltas; the kept blocks recomputed from the ledger.
 */
// No fold in the background: the writes after the last fold must stay pending deltas.
const t = testApp({ foldEveryMs: 0 });
const db = () => t.database.db as unknown as Tx;
const { expectLevelsEqualLedger } = stockKit(t);

interface Filter {
  locationID?: number;
  kind?: string;
  sortingList?: { column: string; order: 'asc' | 'desc' }[];
}

const FILTERS: Filter[] = [
  {},
  { locationID: 2 },
  { kind: 'counted' },
  { locationID: 1, kind: 'received' },
  { sortingList: [{ column: 'createdAt', order: 'asc' }] },
  { kind: 'damaged', sortingList: [{ column: 'createdAt', order: 'desc' }] },
];

/** The ledger's ids under the filter, newest first (or oldest first when sorted ascending). */
async function ledger(f: Filter): Promise<number[]> {
  const rows = rowsOf<{ id: string }>(
    await db().execute(sql`select id from stock_movements
      where (${f.locationID ?? 0} = 0 or location_id = ${f.locationID ?? 0}) and (${f.kind ?? ''} = '' or kind = ${f.kind ?? ''})
      order by id ${f.sortingList?.[0]?.order === 'asc' ? sql`asc` : sql`desc`}`),
  );
  return rows.map((r) => Number(r.id));
}

/** Movements written straight into the ledger with ids `from`, `from + step` …, as the app's trigger counts them. */
async function write(productId: number, from: number, count: number, step: number) {
  await db().execute(sql`insert into stock_movements (id, product_id, location_id, quantity, kind, source)
    select ${from}::bigint + n * ${step}, ${productId}, 1 + n % 2, case when n % 3 = 2 then -1 else 1 + n % 4 end,
      (array['received', 'counted', 'damaged'])[1 + n % 3], 'count'
    from generate_series(0, ${count - 1}) n`);
}

beforeAll(async () => {
  const product = await createProduct(t, { name: 'Seek tea' });
  const [{ max }] = rowsOf<{ max: string | null }>(await db().execute(sql`select max(id) as max from stock_movements`));
  const base = (Math.floor(Number(max ?? 0) / BLOCK_IDS) + 1) * BLOCK_IDS;
  await write(product.id, base + 100, 70, 211);
  await foldRollups(db());
  // Written after the fold: these stay deltas until a reader folds.
  await write(product.id, base + 100 + 70 * 211, 30, 97);
  await db().execute(sql`select setval('stock_movements_id_seq', (select max(id) from stock_movements))`);
}, 60_000);

describe('a deep page of the stock ledger found through the id blocks', () => {
  it('says in which block the movement at each offset lies and how many come before that block', async () => {
    const [{ n }] = rowsOf<{ n: string }>(
      await db().execute(sql`select count(*) as n from stock_movement_block_deltas`),
    );
    expect(Number(n)).toBeGreaterThan(0);
    for (const f of FILTERS) {
      const descending = f.sortingList?.[0]?.order !== 'asc';
      const ids = await ledger(f);
      expect(ids.length).toBeGreaterThan(10);
      const blockOf = (id: number) => Math.floor(id / BLOCK_IDS);
      for (let offset = 0; offset <= ids.length; offset += offset < 4 ? 1 : 3) {
        const at = ids[offset];
        const want =
          at === undefined
            ? undefined
            : { block: blockOf(at), before: ids.slice(0, offset).filter((id) => blockOf(id) !== blockOf(at)).length };
        const filter = { locationID: f.locationID ?? 0, kind: (f.kind ?? '') as '' };
        expect(await seekMovementBlock(db(), filter, descending, offset), `${JSON.stringify(f)} at ${offset}`).toEqual(
          want,
        );
      }
    }
  });

  it('gives every page as the ledger in id order, each page sought', async () => {
    for (const f of FILTERS) {
      const ids = await ledger(f);
      const pages: number[] = [];
      for (let currentPage = 1; currentPage <= Math.ceil(ids.length / 7) + 1; currentPage++) {
        const filter = stockMovementFilter.parse({ ...f, currentPage, resultsPerPage: 7 });
        const page = await stockLedgerRepository.movements(db(), filter, undefined, 0);
        expect(page.totalRows).toBe(ids.length);
        pages.push(...page.rows.map((r) => Number(r.id)));
      }
      expect({ f, pages }).toEqual({ f, pages: ids });
    }
  });

  it('keeps the blocks equal to the ledger, folded or not', async () => {
    await expectLevelsEqualLedger();
  });
});
