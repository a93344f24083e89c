import { barcodeVariants } from '@wd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { expectSortRefused } from '../../../test/lists.js';
import { likePattern } from '../../lib/list-search.js';

/**
 * product/filter (pickers, the scan's fallback) reads exact code hits first and then the
 * products whose name or barcode contains the text, through indexes (products.repository.ts).
 * Its answer must stay that of the one plain statement it replaced: active products whose
 * barcode (± a leading 0) or box barcode is the text, or whose name or barcode contains it;
 * code hits first, then the whole name in any case, then the rest, by name and id.
 */
const t = testApp();

const TEXTS = [
  'LK-0042',
  '0LK-0042',
  'K-0042',
  'lk-00',
  'LK',
  'lk',
  'BOX-LK-7',
  'box-lk-7',
  'Lkp Beta',
  'LKP BETA',
  'lkp',
  'Lkp',
  'Lkp Twin',
  'twin',
  '50%',
  '%',
  '_',
  '\\',
  'Gone',
  'gone',
  'zz-nothing',
  'a',
  '42',
  'pack',
  '',
  '   ',
];

/** The lookup as one plain statement, the definition the served path must answer like. */
async function plainLookup(text: string, limit: number, sort?: SQL): Promise<number[]> {
  const q = text.trim();
  const where = q
    ? sql`and (barcode in ${barcodeVariants(q)} or box_barcode = ${q} or name ilike ${likePattern(q)}
        or barcode ilike ${likePattern(q)})`
    : sql``;
  const rank = q
    ? sql`case when barcode in ${barcodeVariants(q)} or box_barcode = ${q} then 0
        when lower(name) = lower(${q}) then 1 else 2 end,`
    : sql``;
  const result = await t.database.db.execute(sql`select id from products where deleted_at is null ${where}
    order by ${sort ?? sql``} ${rank} name, id limit ${limit}`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

async function lookup(body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/product/filter/', body, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products as { id: number; sellingPrice: number }[];
}

beforeAll(async () => {
  const code = (barcode: string, more: Record<string, unknown> = {}) =>
    createProduct(t, { barcodeSymbology: 'code128', barcode, ...more });
  // Codes that are variants of each other (a leading 0), and names and barcodes that contain them.
  await code('LK-0042', { name: 'Lkp Alpha', sellingPrice: 2 });
  await code('0LK-00420', { name: 'Lkp Zulu', sellingPrice: 3 });
  await code('LK-00421', { name: 'Lkp Pack of LK-0042', sellingPrice: 4 });
  await code('XLK-7', { name: 'Lkp Carton', boxBarcode: 'BOX-LK-7', sellingPrice: 5 });
  await code('LK-9', { name: 'lkp beta', sellingPrice: 6 });
  await code('LK-10', { name: 'Lkp Beta Max', sellingPrice: 7 });
  await code('LK-11', { name: 'Lkp Twin', sellingPrice: 8 });
  await code('LK-12', { name: 'Lkp Twin', sellingPrice: 8 });
  await code('LK-13', { name: 'Lkp 50%_off \\ deal', sellingPrice: 9 });
  await code('Lkp', { name: 'Named by another code', sellingPrice: 10 });
  const gone = await code('LK-GONE', { name: 'Lkp Gone' });
  await t.call('DELETE', `/api/product/delete/${gone.id}/`, undefined, t.adminToken);
  for (let n = 0; n < 6; n++) await createProduct(t, { name: `Lkp Filler ${n} pack`, sellingPrice: 1 + n });
}, 60_000);

describe('product/filter', () => {
  it('answers every text and limit as the plain statement does', async () => {
    for (const text of TEXTS) {
      for (const resultsPerPage of [1, 2, 5, 50]) {
        const ids = (await lookup({ searchQuery: text, resultsPerPage })).map((p) => p.id);
        expect(ids, `${JSON.stringify(text)} × ${resultsPerPage}`).toEqual(await plainLookup(text, resultsPerPage));
      }
    }
    // The fixture does cover each rank: code hits before a contained code, the whole name first.
    const hits = await lookup({ searchQuery: 'LK-0042', resultsPerPage: 3 });
    expect(hits.map((p) => p.sellingPrice)).toEqual([2, 4, 3]);
    expect((await lookup({ searchQuery: 'LKP BETA', resultsPerPage: 1 }))[0].sellingPrice).toBe(6);
    expect((await lookup({ searchQuery: 'Lkp', resultsPerPage: 1 }))[0].sellingPrice).toBe(10);
  });

  it('sorts by a sortingList first, then in the lookup order', async () => {
    for (const [text, column, order] of [
      ['lkp', 'sellingPrice', 'desc'],
      ['LK-0042', 'sellingPrice', 'asc'],
      ['', 'barcode', 'desc'],
    ] as const) {
      const body = { searchQuery: text, resultsPerPage: 50, sortingList: [{ column, order }] };
      const ids = (await lookup(body)).map((p) => p.id);
      const sort = sql`${sql.raw(column === 'barcode' ? 'barcode' : 'selling_price')} ${sql.raw(order)},`;
      expect(ids, `${text} by ${column} ${order}`).toEqual(await plainLookup(text, 50, sort));
    }
    const prices = (await lookup({ searchQuery: 'lkp', sortingList: [{ column: 'sellingPrice', order: 'desc' }] })).map(
      (p) => p.sellingPrice,
    );
    expect(prices.slice(0, 4)).toEqual([10, 9, 8, 8]);
  });

  it('refuses a sort column it does not offer, __proto__ and constructor included (400)', async () => {
    await expectSortRefused(t, '/api/product/filter/');
  });
});
