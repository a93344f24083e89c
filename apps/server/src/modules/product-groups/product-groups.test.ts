import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { expectSortRefused, sortedColumn } from '../../../test/lists.js';

const t = testApp();

async function newGroup(
  name = 'Chips 1oz',
  prices = { costPrice: 0.3, sellingPrice: 0.5, suggestedRetailPrice: 0.79 },
) {
  const res = await t.call('POST', '/api/productGroup/new/', { name, ...prices }, t.adminToken);
  expect(res.statusCode).toBe(200);
  return res.json().productGroup as { id: number; name: string };
}

describe('product price groups', () => {
  it('creates, reads and lists a group', async () => {
    const g = await newGroup('Gum');
    const read = await t.call('POST', `/api/productGroup/summary/${g.id}/`, undefined, t.adminToken);
    expect(read.json().productGroup).toEqual({
      id: g.id,
      name: 'Gum',
      costPrice: 0.3,
      sellingPrice: 0.5,
      suggestedRetailPrice: 0.79,
      productCount: 0,
    });
    const list = await t.call('POST', '/api/productGroup/all/', { searchQuery: 'gum' }, t.adminToken);
    expect(list.json().productGroups.map((x: { name: string }) => x.name)).toEqual(['Gum']);
  });

  it('adding a product copies the group prices; saving the group writes them to every member', async () => {
    const g = await newGroup('Candy bars');
    const a = await createProduct(t, { costPrice: 9, sellingPrice: 9, suggestedRetailPrice: 9 });
    const b = await createProduct(t);
    for (const p of [a, b]) {
      const res = await t.call(
        'POST',
        '/api/productGroup/insert/',
        { productGroupID: g.id, productID: p.id },
        t.adminToken,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().product).toMatchObject({
        productGroupID: g.id,
        costPrice: 0.3,
        sellingPrice: 0.5,
        suggestedRetailPrice: 0.79,
      });
    }
    const upd = await t.call(
      'PATCH',
      '/api/productGroup/update/',
      { id: g.id, name: 'Candy bars', costPrice: 0.45, sellingPrice: 0.75, suggestedRetailPrice: 1.29 },
      t.adminToken,
    );
    expect(upd.json().productGroup).toMatchObject({ sellingPrice: 0.75, productCount: 2 });
    const members = await t.call('POST', `/api/productGroup/${g.id}/`, {}, t.adminToken);
    expect(
      members.json().products.map((p: { sellingPrice: number; costPrice: number }) => [p.costPrice, p.sellingPrice]),
    ).toEqual([
      [0.45, 0.75],
      [0.45, 0.75],
    ]);
  });

  it('refuses a product that already has a group, with the spec wording (409)', async () => {
    const g1 = await newGroup('One');
    const g2 = await newGroup('Two');
    const p = await createProduct(t);
    await t.call('POST', '/api/productGroup/insert/', { productGroupID: g1.id, productID: p.id }, t.adminToken);
    const res = await t.call(
      'POST',
      '/api/productGroup/insert/',
      { productGroupID: g2.id, productID: p.id },
      t.adminToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This product is already assigned to a product group, please remove it from that group first',
    );
  });

  it("refuses to change a grouped product's cost price on the product itself", async () => {
    const g = await newGroup('Locked cost');
    const p = await createProduct(t);
    await t.call('POST', '/api/productGroup/insert/', { productGroupID: g.id, productID: p.id }, t.adminToken);
    const res = await t.call(
      'PATCH',
      '/api/product/update/',
      {
        id: p.id,
        name: p.name,
        barcodeSymbology: 'upca',
        barcode: p.barcode,
        costPrice: 5,
        sellingPrice: 0.5,
        suggestedRetailPrice: 0.79,
      },
      t.adminToken,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "The cost price is set by the product's price group", field: 'costPrice' });
  });

  it('removing a product or deleting the group releases products, which keep their prices', async () => {
    const g = await newGroup('Release me', { costPrice: 1, sellingPrice: 2, suggestedRetailPrice: 3 });
    const a = await createProduct(t);
    const b = await createProduct(t);
    for (const p of [a, b])
      await t.call('POST', '/api/productGroup/insert/', { productGroupID: g.id, productID: p.id }, t.adminToken);
    expect((await t.call('DELETE', `/api/productGroup/delete/item/${a.id}/`, undefined, t.adminToken)).statusCode).toBe(
      200,
    );
    expect((await t.call('DELETE', `/api/productGroup/delete/${g.id}/`, undefined, t.adminToken)).json()).toEqual({
      message: 'Deleted',
    });
    for (const p of [a, b]) {
      const read = (await t.call('POST', `/api/product/${p.id}/`, undefined, t.adminToken)).json().product;
      expect(read).toMatchObject({ productGroupID: 0, costPrice: 1, sellingPrice: 2, suggestedRetailPrice: 3 });
    }
    const gone = await t.call('POST', `/api/productGroup/summary/${g.id}/`, undefined, t.adminToken);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("The Product Price Group doesn't exist");
  });

  it('validates the body (400) and unknown ids (404)', async () => {
    const bad = await t.call(
      'POST',
      '/api/productGroup/new/',
      { name: '', costPrice: 1, sellingPrice: 1, suggestedRetailPrice: 1 },
      t.adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('name is required');
    const p = await createProduct(t);
    const missing = await t.call(
      'POST',
      '/api/productGroup/insert/',
      { productGroupID: 99999, productID: p.id },
      t.adminToken,
    );
    expect(missing.statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/productGroup/delete/item/${p.id}/`, undefined, t.adminToken)).statusCode).toBe(
      404,
    );
  });
});

describe('sorting the group lists', () => {
  it('sorts groups and their products by allowed columns and refuses any other (400)', async () => {
    const g = await newGroup('Sorted group');
    for (const name of ['Sorted b', 'Sorted a']) {
      const p = await createProduct(t, { name });
      await t.call('POST', '/api/productGroup/insert/', { productGroupID: g.id, productID: p.id }, t.adminToken);
    }
    const groups = await sortedColumn<string>(t, '/api/productGroup/all/', 'productGroups', 'name', 'desc');
    expect(groups).toEqual([...groups].sort().reverse());
    const members = `/api/productGroup/${g.id}/`;
    expect(await sortedColumn(t, members, 'products', 'name', 'asc')).toEqual(['Sorted a', 'Sorted b']);
    expect(await sortedColumn(t, members, 'products', 'name', 'desc')).toEqual(['Sorted b', 'Sorted a']);
    await expectSortRefused(t, '/api/productGroup/all/');
    await expectSortRefused(t, members);
  });
});
