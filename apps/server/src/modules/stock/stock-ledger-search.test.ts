import { stockMovementFilter, WAREHOUSE_ID } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { stockKit, stockRoute } from '../../../test/stock.js';
import { rowsOf } from '../../db/client.js';
import { foldRollups } from '../../db/rollups.js';
import { stockReportsRepository } from './stock-reports.repository.js';

const t = testApp();
const inv = invoiceCalls(() => t);
const { ok, expectLevelsEqualLedger } = stockKit(t);
const r = stockRoute(t);

interface Filter {
  searchQuery?: string;
  productID?: number;
  locationID?: number;
  kind?: string;
  sortingList?: { column: string; order: 'asc' | 'desc' }[];
}

/**
 * The ledger's search by definition: the movements whose product name, note or invoice number
 * contains the text as typed (any case; % and _ are themselves), joined as the screen shows them, with the filter's own columns;
 * newest first, or oldest first when sorted ascending.
 */
async function definition(f: Filter): Promise<number[]> {
  const text = `%${(f.searchQuery ?? '').replace(/[\\%_]/g, '\\$&')}%`;
  const rows = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      select m.id from stock_movements m
        join products p on p.id = m.product_id
        left join invoices i on m.source = 'invoice' and i.id = m.source_id
      where (p.name ilike ${text} or m.note ilike ${text} or i.invoice_no ilike ${text})
        and (${f.productID ?? 0} = 0 or m.product_id = ${f.productID ?? 0})
        and (${f.locationID ?? 0} = 0 or m.location_id = ${f.locationID ?? 0})
        and (${f.kind ?? ''} = '' or m.kind = ${f.kind ?? ''})
      order by m.id ${f.sortingList?.[0]?.order === 'asc' ? sql`asc` : sql`desc`}`),
  );
  return rows.map((row) => Number(row.id));
}

describe("the ledger's search", () => {
  const ids = { penny: 0, pencil: 0, cola: 0 };
  let invoiceNo = '';

  // Products named like the search, notes that say it on other products and on the same ones,
  // and an invoice whose number is searched for: the three ways a movement matches, overlapping.
  beforeAll(async () => {
    ids.penny = (await createProduct(t, { name: 'Penny candy' })).id;
    ids.pencil = (await createProduct(t, { name: 'Pencil box' })).id;
    ids.cola = (await createProduct(t, { name: 'Cola can' })).id;
    const count = (productID: number, counted: number, reason: string) =>
      ok('POST', '/api/stock/count/', { locationID: WAREHOUSE_ID, lines: [{ productID, counted }], reason });
    await count(ids.penny, 10, 'Opening count');
    await count(ids.pencil, 5, 'Opening count');
    await count(ids.cola, 8, 'Opening count');
    await count(ids.cola, 7, 'Pen marks on a case');
    await count(ids.penny, 9, 'Pen leaked on a bag');
    await ok('POST', '/api/stock/transfer/', {
      fromLocationID: WAREHOUSE_ID,
      toLocationID: r.truckId,
      lines: [{ productID: ids.pencil, quantity: 2 }],
      note: 'Pens for the truck',
    });
    const sale = await inv.newInvoice();
    await inv.addLine(sale.id, ids.penny);
    await inv.addLine(sale.id, ids.cola);
    await inv.setInvoice(sale.id, { customerID: r.storeId, status: 'DUE' });
    invoiceNo = (await ok('POST', '/api/stock/movements/', { productID: ids.cola })).movements[0].source;
    expect(invoiceNo).toMatch(/^Invoice\/\d+$/);
  });

  it('finds by product name, note and invoice number, counted once, under every filter and both orders', async () => {
    const searches = ['Pen', 'pen', 'Penny', 'Cola', invoiceNo, 'Opening', 'marks', 'no such thing', '%'];
    const filters: Filter[] = [
      {},
      { productID: ids.penny },
      { productID: ids.cola },
      { locationID: WAREHOUSE_ID },
      { locationID: r.truckId },
      { kind: 'counted' },
      { kind: 'sold' },
      { productID: ids.pencil, kind: 'loaded' },
      { sortingList: [{ column: 'createdAt', order: 'asc' }] },
    ];
    const check = async () => {
      for (const searchQuery of searches)
        for (const filter of filters) {
          const body = { ...filter, searchQuery, resultsPerPage: 2 };
          const expected = await definition(body);
          const answer = await ok('POST', '/api/stock/movements/', body);
          const label = JSON.stringify(body);
          expect(answer.totalRows, label).toBe(expected.length);
          expect(
            answer.movements.map((m: { id: number }) => m.id),
            label,
          ).toEqual(expected.slice(0, 2));
          // Past the first page, and by the broad form a search matching many invoices takes.
          const parsed = stockMovementFilter.parse({ ...body, currentPage: 2 });
          const broad = await stockReportsRepository.movements(t.database.db, parsed, 0);
          expect(broad.totalRows, label).toBe(expected.length);
          expect(
            broad.rows.map((m) => m.id),
            label,
          ).toEqual(expected.slice(2, 4));
        }
    };
    // The examples really overlap: 'Pen' finds product names, notes on a matching product, a
    // note on another product, and a transfer's note.
    expect((await definition({ searchQuery: 'Pen' })).length).toBeGreaterThanOrEqual(8);
    expect((await definition({ searchQuery: invoiceNo })).length).toBe(2);
    await check();
    await foldRollups(t.database.db);
    await check();
    await expectLevelsEqualLedger();
  });

  it('gives every page in order, the pages past the middle read from the end', async () => {
    for (const filter of [
      {},
      { searchQuery: 'Pen' },
      { kind: 'counted' },
      { sortingList: [{ column: 'createdAt', order: 'asc' as const }] },
      { sortingList: [{ column: 'quantity', order: 'asc' as const }] },
      { sortingList: [{ column: 'kind', order: 'desc' as const }] },
    ]) {
      const first = await ok('POST', '/api/stock/movements/', { ...filter, resultsPerPage: 2 });
      expect(first.numPages, JSON.stringify(filter)).toBeGreaterThanOrEqual(3);
      const pages = [first.movements];
      for (let page = 2; page <= first.numPages + 1; page++)
        pages.push(
          (await ok('POST', '/api/stock/movements/', { ...filter, resultsPerPage: 2, currentPage: page })).movements,
        );
      // Past the last page: nothing.
      expect(pages.at(-1)).toEqual([]);
      const all = await ok('POST', '/api/stock/movements/', { ...filter, resultsPerPage: 100 });
      expect(all.totalRows).toBe(first.totalRows);
      expect(
        pages.flat().map((m: { id: number }) => m.id),
        JSON.stringify(filter),
      ).toEqual(all.movements.map((m: { id: number }) => m.id));
    }
  });
});
