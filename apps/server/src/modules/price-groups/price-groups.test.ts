import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { expectSortRefused, sortedColumn } from '../../../test/lists.js';

const t = testApp();

async function newPriceGroup(name: string) {
  const res = await t.call('POST', '/api/priceGroup/new/', { name }, t.adminToken);
  expect(res.statusCode).toBe(200);
  return res.json().priceGroup as { id: number; name: string };
}

describe('the default customer price group', () => {
  it('exists as group 1 and can be neither edited nor deleted', async () => {
    const read = await t.call('POST', '/api/priceGroup/summary/1/', undefined, t.adminToken);
    expect(read.json().priceGroup).toMatchObject({ id: 1, name: 'Default' });
    const edit = await t.call('PATCH', '/api/priceGroup/update/', { id: 1, name: 'Mine' }, t.adminToken);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe("You can't edit default price group");
    const del = await t.call('DELETE', '/api/priceGroup/delete/1/', undefined, t.adminToken);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe("You can't delete default price group");
    const p = await createProduct(t);
    const item = await t.call(
      'POST',
      '/api/priceGroup/insert/',
      { priceGroupID: 1, productID: p.id, price: 1, suggestedRetailPrice: 2 },
      t.adminToken,
    );
    expect(item.statusCode).toBe(409);
  });
});

describe('customer price groups', () => {
  it('creates, renames, refuses a duplicate name, deletes', async () => {
    const g = await newPriceGroup('Gas stations');
    const renamed = await t.call(
      'PATCH',
      '/api/priceGroup/update/',
      { id: g.id, name: 'Gas stations East' },
      t.adminToken,
    );
    expect(renamed.json().priceGroup.name).toBe('Gas stations East');
    const dup = await t.call('POST', '/api/priceGroup/new/', { name: 'gas stations east' }, t.adminToken);
    expect(dup.statusCode).toBe(409);
    expect((await t.call('DELETE', `/api/priceGroup/delete/${g.id}/`, undefined, t.adminToken)).statusCode).toBe(200);
    const gone = await t.call('POST', `/api/priceGroup/summary/${g.id}/`, undefined, t.adminToken);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("The Customer Price Group doesn't exist");
  });

  it('adds, edits, lists and deletes items', async () => {
    const g = await newPriceGroup('Items group');
    const p = await createProduct(t, { costPrice: 1, sellingPrice: 1.5, suggestedRetailPrice: 1.99 });
    const add = await t.call(
      'POST',
      '/api/priceGroup/insert/',
      { priceGroupID: g.id, productID: p.id, price: 1.4, suggestedRetailPrice: 1.89 },
      t.adminToken,
    );
    expect(add.statusCode).toBe(200);
    const item = add.json().priceGroupItem;
    expect(item).toMatchObject({
      productID: p.id,
      sellingPrice: 1.5,
      updatedPrice: 1.4,
      updatedSuggestedRetailPrice: 1.89,
      barcode: p.barcode,
    });
    const dup = await t.call(
      'POST',
      '/api/priceGroup/insert/',
      { priceGroupID: g.id, productID: p.id, price: 1, suggestedRetailPrice: 1 },
      t.adminToken,
    );
    expect(dup.statusCode).toBe(409);

    const upd = await t.call(
      'PATCH',
      '/api/priceGroup/update/item/',
      { id: item.id, price: 1.35, suggestedRetailPrice: 1.79 },
      t.adminToken,
    );
    expect(upd.json().priceGroupItem).toMatchObject({ updatedPrice: 1.35, updatedSuggestedRetailPrice: 1.79 });
    const one = await t.call('POST', `/api/priceGroup/item/${item.id}/`, undefined, t.adminToken);
    expect(one.json().priceGroupItem.updatedPrice).toBe(1.35);
    const list = await t.call('POST', `/api/priceGroup/${g.id}/`, {}, t.adminToken);
    expect(list.json()).toMatchObject({ totalRows: 1 });

    expect((await t.call('POST', '/api/priceGroup/delete/item/', { ids: [item.id] }, t.adminToken)).statusCode).toBe(
      200,
    );
    const missing = await t.call('POST', `/api/priceGroup/item/${item.id}/`, undefined, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The Product is not in this customer price group');
  });

  it('adds and edits by product group, and adds all products', async () => {
    const g = await newPriceGroup('By group');
    const pg = (
      await t.call(
        'POST',
        '/api/productGroup/new/',
        { name: 'Lighters', costPrice: 0.5, sellingPrice: 0.8, suggestedRetailPrice: 1.49 },
        t.adminToken,
      )
    ).json().productGroup;
    const members = [await createProduct(t), await createProduct(t)];
    for (const p of members)
      await t.call('POST', '/api/productGroup/insert/', { productGroupID: pg.id, productID: p.id }, t.adminToken);

    const add = await t.call(
      'POST',
      '/api/priceGroup/insert/productGroup/',
      { priceGroupID: g.id, productGroupID: pg.id, price: 0.7, suggestedRetailPrice: 1.39 },
      t.adminToken,
    );
    expect(add.json()).toEqual({ message: '2 products priced', count: 2 });
    const edit = await t.call(
      'PATCH',
      '/api/priceGroup/update/productGroup/',
      { priceGroupID: g.id, productGroupID: pg.id, price: 0.65, suggestedRetailPrice: 1.29 },
      t.adminToken,
    );
    expect(edit.json().count).toBe(2);
    const groups = await t.call(
      'POST',
      `/api/priceGroup/all/productGroups/${g.id}/`,
      { searchQuery: 'Lighters' },
      t.adminToken,
    );
    expect(groups.json().productGroups[0]).toMatchObject({
      name: 'Lighters',
      productCount: 2,
      itemCount: 2,
      updatedPrice: 0.65,
      updatedSuggestedRetailPrice: 1.29,
    });

    const all = await t.call('POST', '/api/priceGroup/insert/all/', { priceGroupID: g.id }, t.adminToken);
    const total = (await t.call('POST', '/api/product/all/', { resultsPerPage: 1 }, t.adminToken)).json().totalRows;
    expect(all.json().count).toBe(total - 2);
    const again = await t.call('POST', '/api/priceGroup/insert/all/', { priceGroupID: g.id }, t.adminToken);
    expect(again.json().count).toBe(0);
  });

  it('validates prices (400) and unknown groups (404)', async () => {
    const p = await createProduct(t);
    const bad = await t.call(
      'POST',
      '/api/priceGroup/insert/',
      { priceGroupID: 2, productID: p.id, price: -1, suggestedRetailPrice: 1 },
      t.adminToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('price must be a number ≥ 0');
    const missing = await t.call('POST', '/api/priceGroup/99999/', {}, t.adminToken);
    expect(missing.statusCode).toBe(404);
  });
});

describe('sorting the price group lists', () => {
  it('honours an allowed sort column on every list and refuses any other (400)', async () => {
    const g = await newPriceGroup('Sorted prices');
    for (const name of ['Zed group', 'Abe group']) {
      const body = { name, costPrice: 1, sellingPrice: 2, suggestedRetailPrice: 3 };
      const pg = (await t.call('POST', '/api/productGroup/new/', body, t.adminToken)).json().productGroup;
      const p = await createProduct(t, { name: `${name} product` });
      await t.call('POST', '/api/productGroup/insert/', { productGroupID: pg.id, productID: p.id }, t.adminToken);
      await t.call(
        'POST',
        '/api/priceGroup/insert/',
        { priceGroupID: g.id, productID: p.id, price: name === 'Zed group' ? 1 : 2, suggestedRetailPrice: 3 },
        t.adminToken,
      );
    }
    const groups = await sortedColumn<string>(t, '/api/priceGroup/all/', 'priceGroups', 'name', 'desc');
    expect(groups).toEqual([...groups].sort().reverse());
    const items = await sortedColumn(t, `/api/priceGroup/${g.id}/`, 'priceGroupItems', 'updatedPrice', 'desc');
    expect(items).toEqual([2, 1]);
    const byGroup = `/api/priceGroup/all/productGroups/${g.id}/`;
    const names = await sortedColumn<string>(t, byGroup, 'productGroups', 'name', 'desc');
    expect(names).toEqual([...names].sort().reverse());
    const priced = await sortedColumn<number>(t, byGroup, 'productGroups', 'itemCount', 'desc');
    expect(priced.slice(0, 2)).toEqual([1, 1]);
    for (const url of ['/api/priceGroup/all/', `/api/priceGroup/${g.id}/`, byGroup]) await expectSortRefused(t, url);
  });
});
