import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { csvDownload, expectExportRefusals, testApp } from '../../../test/helpers.js';

const t = testApp();
const CSV = '/api/product/export';
const exportProducts = (body: unknown, token?: string) => csvDownload(t, CSV, body, 'products', token);

const heading = [
  'Name',
  'Unit Quantity',
  'Symbology',
  'Barcode',
  'Box Barcode',
  'Category',
  'Cost Price',
  'Selling Price',
  'Suggested Retail Price',
  'Quantity Sold',
  'ID',
];

describe('product/export', () => {
  it('exports every active product the search matches, in the list sort, every field, money exact', async () => {
    const tag = `Csvprod${Date.now()}`;
    const a = await createProduct(t, {
      name: `${tag} A, "quoted"`,
      unitQuantity: 24,
      barcodeSymbology: 'code128',
      barcode: `${tag}-A`,
      boxBarcode: `${tag}-BOX`,
      category: 'Line\nbreak',
      costPrice: 0.1,
      sellingPrice: 1234567.89,
      suggestedRetailPrice: 0.05,
    });
    const b = await createProduct(t, { name: `${tag} B`, costPrice: 2, sellingPrice: 3.5, suggestedRetailPrice: 4.99 });
    const gone = await createProduct(t, { name: `${tag} deleted` });
    expect((await t.call('DELETE', `/api/product/delete/${gone.id}/`, undefined, t.adminToken)).statusCode).toBe(200);
    await createProduct(t, { name: 'Not matched by the search' });
    // Kept by triggers from invoices; set directly here so the column shows a real count.
    await t.database.db.execute(sql`update products set quantity_sold = 17 where id = ${b.id}`);

    const rows = await exportProducts({
      searchQuery: tag.toLowerCase(),
      sortingList: [{ column: 'sellingPrice', order: 'desc' }],
      currentPage: 2,
      resultsPerPage: 1,
    });
    // Paging ignored, the deleted product left out, the sort honoured.
    expect(rows).toEqual([
      heading,
      [
        `${tag} A, "quoted"`,
        '24',
        'code128',
        `${tag}-A`,
        `${tag}-BOX`,
        'Line\nbreak',
        '0.10',
        '1234567.89',
        '0.05',
        '0',
        String(a.id),
      ],
      [`${tag} B`, '1', 'upca', b.barcode, '', 'Snacks', '2.00', '3.50', '4.99', '17', String(b.id)],
    ]);

    // The list's default order (by name) without a sort; a search that matches nothing is the heading alone.
    const byName = await exportProducts({ searchQuery: tag });
    expect(byName.map((row) => row[0])).toEqual(['Name', `${tag} A, "quoted"`, `${tag} B`]);
    expect(await exportProducts({ searchQuery: `${tag}-nothing` })).toEqual([heading]);
  });

  it('is open to every signed-in user; 400 on an unknown sort column, 401 without a token', async () => {
    const user = await t.createUser(`csvproducts${Date.now()}`);
    expect((await exportProducts({ searchQuery: 'x' }, user.token))[0]).toEqual(heading);
    await expectExportRefusals(t, CSV, 'x');
  });
});
