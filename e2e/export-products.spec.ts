import { expect, test } from '@playwright/test';
import { apiCall, apiToken, createProduct, exportCsv, searchList, signIn, sortList, uniqueName } from './support';

test('Export CSV of the products and of a price group: the search and the sort of the screen', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const tag = uniqueName('Csvexport');
  const cola = await createProduct(request, token, {
    name: `${tag} Cola, 20oz`,
    unitQuantity: 24,
    category: 'Beverages',
    costPrice: 0.1,
    sellingPrice: 1234.56,
    suggestedRetailPrice: 2.29,
  });
  const chips = await createProduct(request, token, {
    name: `${tag} Chips`,
    category: 'Snacks',
    costPrice: 1,
    sellingPrice: 1.5,
    suggestedRetailPrice: 1.99,
  });
  await createProduct(request, token, { name: uniqueName('Csvother'), category: 'Snacks' });

  await signIn(page);
  await page.goto('/products');
  await searchList(page, tag);
  await sortList(page, 'Selling', 'descending');
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
  const products = await exportCsv(page, 'products');
  expect(products).toEqual([
    [
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
    ],
    [cola.name, '24', 'upca', cola.barcode, '', 'Beverages', '0.10', '1234.56', '2.29', '0', String(cola.id)],
    [chips.name, '1', 'upca', chips.barcode, '', 'Snacks', '1.00', '1.50', '1.99', '0', String(chips.id)],
  ]);

  // A price group's items: Chips and Cola at the group's prices, plus another product the search leaves out.
  const group = (await apiCall(request, token, '/api/priceGroup/new/', { name: uniqueName('Csv group') }))
    .priceGroup as { id: number; name: string };
  const other = await createProduct(request, token, { name: uniqueName('Csvitemother') });
  for (const [productID, price, suggestedRetailPrice] of [
    [cola.id, 1000.01, 2.5],
    [chips.id, 1.25, 0.05],
    [other.id, 1, 1],
  ]) {
    await apiCall(request, token, '/api/priceGroup/insert/', {
      priceGroupID: group.id,
      productID,
      price,
      suggestedRetailPrice,
    });
  }
  await page.goto(`/priceGroups/${group.id}`);
  await expect(page.getByRole('heading', { name: group.name })).toBeVisible();
  await searchList(page, tag);
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
  const items = await exportCsv(page, `price-group-${group.id}-items`);
  // The list's default order: by product name.
  expect(items.map((row) => row.slice(0, 8))).toEqual([
    ['Product', 'Barcode', 'Cost', 'Selling', 'Group price', 'Retail', 'Group retail', 'Category'],
    [chips.name, chips.barcode, '1.00', '1.50', '1.25', '1.99', '0.05', 'Snacks'],
    [cola.name, cola.barcode, '0.10', '1234.56', '1000.01', '2.29', '2.50', 'Beverages'],
  ]);
  expect(items.slice(1).map((row) => row[8])).toEqual([String(chips.id), String(cola.id)]);
});
