import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, freshUpcBody } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { expectPagesAreTheList, expectSortRefused } from '../../../test/lists.js';

const t = testApp();

describe('product/insert', () => {
  it('creates a product, completing a UPC-A check digit, prices in dollars', async () => {
    const res = await t.call(
      'POST',
      '/api/product/insert/',
      {
        name: 'Coca-Cola 20oz',
        unitQuantity: 24,
        barcodeSymbology: 'upca',
        barcode: '04963406019',
        boxBarcode: '10049634060196',
        category: 'Beverages',
        costPrice: 1.05,
        sellingPrice: 1.45,
        suggestedRetailPrice: 2.29,
      },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      name: 'Coca-Cola 20oz',
      unitQuantity: 24,
      barcode: '049634060196',
      boxBarcode: '10049634060196',
      costPrice: 1.05,
      sellingPrice: 1.45,
      suggestedRetailPrice: 2.29,
      quantitySold: 0,
      productGroupID: 0,
      deletedAt: null,
    });
  });

  it('refuses a wrong check digit with a 400 naming the barcode', async () => {
    const res = await t.call(
      'POST',
      '/api/product/insert/',
      {
        name: 'Bad',
        barcodeSymbology: 'upca',
        barcode: '036000291453',
        costPrice: 1,
        sellingPrice: 1,
        suggestedRetailPrice: 1,
      },
      t.adminToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'barcode has a wrong check digit (the last digit should be 2)',
      field: 'barcode',
    });
  });

  it('refuses a negative price and more than two decimals', async () => {
    const base = { name: 'X', barcodeSymbology: 'code128', barcode: 'NEG-1', costPrice: 1, suggestedRetailPrice: 1 };
    const negative = await t.call('POST', '/api/product/insert/', { ...base, sellingPrice: -1 }, t.adminToken);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('sellingPrice must be a number ≥ 0');
    const decimals = await t.call('POST', '/api/product/insert/', { ...base, sellingPrice: 1.005 }, t.adminToken);
    expect(decimals.json().message).toBe('sellingPrice must have at most two decimals');
  });

  it('refuses a duplicate barcode or a box barcode that is another product’s barcode (409)', async () => {
    const first = await createProduct(t, { name: 'Original' });
    const dup = await t.call(
      'POST',
      '/api/product/insert/',
      {
        name: 'Copy',
        barcodeSymbology: 'upca',
        barcode: first.barcode,
        costPrice: 1,
        sellingPrice: 1,
        suggestedRetailPrice: 1,
      },
      t.adminToken,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'Another product already has this barcode (Original)', field: 'barcode' });
    const box = await t.call(
      'POST',
      '/api/product/insert/',
      {
        name: 'Box',
        barcodeSymbology: 'upca',
        barcode: freshUpcBody(),
        boxBarcode: first.barcode,
        costPrice: 1,
        sellingPrice: 1,
        suggestedRetailPrice: 1,
      },
      t.adminToken,
    );
    expect(box.statusCode).toBe(409);
    expect(box.json().field).toBe('boxBarcode');
  });

  it('needs a signed-in user', async () => {
    const res = await t.call('POST', '/api/product/insert/', { name: 'x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('product/{id} and product/update', () => {
  it('reads and changes a product', async () => {
    const p = await createProduct(t);
    const read = await t.call('POST', `/api/product/${p.id}/`, undefined, t.adminToken);
    expect(read.json().product.name).toBe(p.name);
    const res = await t.call(
      'PATCH',
      '/api/product/update/',
      {
        id: p.id,
        name: 'Renamed',
        barcodeSymbology: 'upca',
        barcode: p.barcode,
        costPrice: 2,
        sellingPrice: 3,
        suggestedRetailPrice: 4.99,
      },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      id: p.id,
      name: 'Renamed',
      costPrice: 2,
      sellingPrice: 3,
      suggestedRetailPrice: 4.99,
    });
  });

  it("answers 404 The product doesn't exist", async () => {
    const res = await t.call('POST', '/api/product/999999/', undefined, t.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "The product doesn't exist" });
    const upd = await t.call(
      'PATCH',
      '/api/product/update/',
      {
        id: 999999,
        name: 'x',
        barcodeSymbology: 'code128',
        barcode: 'X',
        costPrice: 0,
        sellingPrice: 0,
        suggestedRetailPrice: 0,
      },
      t.adminToken,
    );
    expect(upd.statusCode).toBe(404);
  });

  it('refuses an id that is not a number (400)', async () => {
    const res = await t.call('POST', '/api/product/abc/', undefined, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id must be a number');
  });
});

describe('lists, search and categories', () => {
  it('pages, sorts by price and searches by name, barcode or category in SQL', async () => {
    const tag = `Zebra${Date.now()}`;
    for (const [i, price] of [3, 1, 2].entries()) await createProduct(t, { name: `${tag} ${i}`, sellingPrice: price });
    const res = await t.call(
      'POST',
      '/api/product/all/',
      { resultsPerPage: 2, searchQuery: tag.toLowerCase(), sortingList: [{ column: 'sellingPrice', order: 'asc' }] },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.products.map((p: { sellingPrice: number }) => p.sellingPrice)).toEqual([1, 2]);
    expect(body).toMatchObject({ totalRows: 3, numPages: 2 });
  });

  it('pages every price sort as the whole sorted list, ties by name then id, each row with its quantity sold', async () => {
    const tag = `Pager${Date.now()}`;
    for (const [i, costPrice] of [2, 1, 2, 3, 1, 2].entries()) {
      await createProduct(t, { name: `${tag} ${i % 3}`, costPrice, sellingPrice: costPrice + 1 });
    }
    for (const column of ['costPrice', 'sellingPrice', 'unitQuantity']) {
      for (const order of ['asc', 'desc']) {
        const filter = { searchQuery: tag, sortingList: [{ column, order }] };
        await expectPagesAreTheList(t, '/api/product/all/', 'products', filter, [1, 4]);
        const res = await t.call('POST', '/api/product/all/', { ...filter, resultsPerPage: 100 }, t.adminToken);
        const rows = res.json().products as { id: number; name: string; quantitySold: number }[];
        const key = (r: Record<string, unknown>) => Number(r[column]);
        const sign = order === 'asc' ? 1 : -1;
        const sorted = [...rows].sort(
          (a, b) => sign * (key(a) - key(b)) || a.name.localeCompare(b.name) || a.id - b.id,
        );
        expect(
          rows.map((r) => r.id),
          `${column} ${order}`,
        ).toEqual(sorted.map((r) => r.id));
        expect(rows.every((r) => r.quantitySold === 0)).toBe(true);
      }
    }
    const lookup = await t.call(
      'POST',
      '/api/product/filter/',
      { searchQuery: tag, sortingList: [{ column: 'costPrice', order: 'desc' }], resultsPerPage: 4 },
      t.adminToken,
    );
    expect(lookup.json().products.map((p: { costPrice: number }) => p.costPrice)).toEqual([3, 2, 2, 2]);
  });

  it('product/filter finds a product by barcode with a leading 0 dropped, and by box barcode', async () => {
    const p = await createProduct(t, { boxBarcode: `BOX-${Date.now()}` });
    const dropped = await t.call(
      'POST',
      '/api/product/filter/',
      { searchQuery: p.barcode.slice(1), resultsPerPage: 5 },
      t.adminToken,
    );
    expect(dropped.json().products[0].id).toBe(p.id);
    const full = await t.call('POST', '/api/product/filter/', { searchQuery: p.barcode }, t.adminToken);
    expect(full.json().products[0].id).toBe(p.id);
  });

  it('lists categories in use, searchable', async () => {
    await createProduct(t, { category: 'Tobacco Accessories' });
    const res = await t.call(
      'POST',
      '/api/product/categories/',
      { searchQuery: 'tobacco', resultsPerPage: 10 },
      t.adminToken,
    );
    expect(res.json().categories).toEqual(['Tobacco Accessories']);
  });

  it('sorts categories by `category` only (anything else, __proto__ included, is a 400)', async () => {
    const sorted = async (order: string) =>
      (
        await t.call('POST', '/api/product/categories/', { sortingList: [{ column: 'category', order }] }, t.adminToken)
      ).json().categories;
    const desc = await sorted('desc');
    expect(desc).toEqual([...(await sorted('asc'))].reverse());
    expect(desc.length).toBeGreaterThan(1);
    await expectSortRefused(t, '/api/product/categories/');
  });

  it('refuses an unknown sort column', async () => {
    const res = await t.call(
      'POST',
      '/api/product/all/',
      { sortingList: [{ column: 'secret', order: 'asc' }] },
      t.adminToken,
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('delete, recover, permanent delete', () => {
  it('soft-deletes, lists as deleted, recovers, then deletes for good', async () => {
    const p = await createProduct(t);
    expect((await t.call('DELETE', `/api/product/delete/${p.id}/`, undefined, t.adminToken)).json()).toEqual({
      message: 'Deleted',
    });
    const deleted = await t.call('POST', '/api/product/all/deleted/', { searchQuery: p.barcode }, t.adminToken);
    expect(deleted.json().products.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const active = await t.call('POST', '/api/product/all/', { searchQuery: p.barcode }, t.adminToken);
    expect(active.json().totalRows).toBe(0);

    expect((await t.call('POST', `/api/product/recover/${p.id}/`, undefined, t.adminToken)).json()).toEqual({
      message: 'Recovered',
    });
    expect((await t.call('POST', '/api/product/all/', { searchQuery: p.barcode }, t.adminToken)).json().totalRows).toBe(
      1,
    );

    await t.call('POST', '/api/product/delete/', { ids: [p.id] }, t.adminToken); // soft
    await t.call('POST', '/api/product/delete/', { ids: [p.id] }, t.adminToken); // permanent
    expect((await t.call('POST', `/api/product/${p.id}/`, undefined, t.adminToken)).statusCode).toBe(404);
  });

  it('frees the barcode of a deleted product, and refuses to recover over its new owner', async () => {
    const old = await createProduct(t, { name: 'Old one' });
    await t.call('DELETE', `/api/product/delete/${old.id}/`, undefined, t.adminToken);
    await createProduct(t, { name: 'New one', barcode: old.barcode });
    const res = await t.call('POST', `/api/product/recover/${old.id}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`"Old one" can not be recovered: New one now has its barcode ${old.barcode}`);
  });

  it('refuses an empty id list (400) and unknown ids (404)', async () => {
    expect((await t.call('POST', '/api/product/delete/', { ids: [] }, t.adminToken)).statusCode).toBe(400);
    expect((await t.call('POST', '/api/product/delete/', { ids: [987654] }, t.adminToken)).statusCode).toBe(404);
  });

  it('records who changed a price, with before and after', async () => {
    const p = await createProduct(t, { sellingPrice: 1.5 });
    await t.call(
      'PATCH',
      '/api/product/update/',
      {
        id: p.id,
        name: p.name,
        barcodeSymbology: 'upca',
        barcode: p.barcode,
        costPrice: 1,
        sellingPrice: 1.75,
        suggestedRetailPrice: 1.99,
      },
      t.adminToken,
    );
    const result = await t.database.db.execute(
      sql`select action, before->>'sellingPrice' as before, after->>'sellingPrice' as after from audit_log where entity = 'product' and entity_id = ${p.id} order by id`,
    );
    const rows = (result as unknown as { rows: { action: string; before: string; after: string }[] }).rows;
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['create', null, '1.5'],
      ['update', '1.5', '1.75'],
    ]);
  });
});
