import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { created, csvDownload, expectExportRefusals, testApp } from '../../../test/helpers.js';

const t = testApp();

const heading = [
  'Product',
  'Barcode',
  'Cost',
  'Selling',
  'Group price',
  'Retail',
  'Group retail',
  'Category',
  'Product ID',
  'ID',
];

const addItem = (priceGroupID: number, productID: number, price: number, suggestedRetailPrice: number) =>
  created<{ id: number }>(
    t,
    '/api/priceGroup/insert/',
    { priceGroupID, productID, price, suggestedRetailPrice },
    'priceGroupItem',
  );

describe('priceGroup/export/{id}', () => {
  it("exports the group's items the search matches, in the list sort, money exact", async () => {
    const group = await created<{ id: number }>(
      t,
      '/api/priceGroup/new/',
      { name: `CSV group ${Date.now()}` },
      'priceGroup',
    );
    const groupId = group.id;
    const tag = `Csvitem${Date.now()}`;
    const a = await createProduct(t, {
      name: `${tag} A, "quoted"`,
      category: 'Line\nbreak',
      costPrice: 0.1,
      sellingPrice: 2,
      suggestedRetailPrice: 3,
    });
    const b = await createProduct(t, { name: `${tag} B`, costPrice: 1, sellingPrice: 1.5, suggestedRetailPrice: 1.99 });
    const other = await createProduct(t, { name: 'Another product' });
    const gone = await createProduct(t, { name: `${tag} deleted` });
    const itemA = await addItem(groupId, a.id, 1234567.89, 0.05);
    const itemB = await addItem(groupId, b.id, 1.25, 2.1);
    await addItem(groupId, other.id, 1, 1);
    await addItem(groupId, gone.id, 1, 1);
    expect((await t.call('DELETE', `/api/product/delete/${gone.id}/`, undefined, t.adminToken)).statusCode).toBe(200);

    const rows = await csvDownload(
      t,
      `/api/priceGroup/export/${groupId}`,
      {
        searchQuery: tag,
        sortingList: [{ column: 'updatedPrice', order: 'asc' }],
        currentPage: 2,
        resultsPerPage: 1,
      },
      `price-group-${groupId}-items`,
    );
    // Paging ignored, another product and a deleted product's item left out, sorted by the group price.
    expect(rows).toEqual([
      heading,
      [`${tag} B`, b.barcode, '1.00', '1.50', '1.25', '1.99', '2.10', 'Snacks', String(b.id), String(itemB.id)],
      [
        `${tag} A, "quoted"`,
        a.barcode,
        '0.10',
        '2.00',
        '1234567.89',
        '3.00',
        '0.05',
        'Line\nbreak',
        String(a.id),
        String(itemA.id),
      ],
    ]);

    // Another group's export holds none of these items (the default group has none at all).
    expect(await csvDownload(t, '/api/priceGroup/export/1', {}, 'price-group-1-items')).toEqual([heading]);
  });

  it('404 for an unknown group, 400 on an unknown sort column, 401 without a token', async () => {
    const missing = await t.call('POST', '/api/priceGroup/export/987654', {}, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The Customer Price Group doesn't exist");
    await expectExportRefusals(t, '/api/priceGroup/export/1', 'x');
  });
});
