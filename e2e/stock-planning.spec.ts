import { type APIRequestContext, expect, test } from '@playwright/test';
import { createDriver, createStore, createTodaysRoute } from './driver-support';
import { apiCall, apiToken, businessDay, createProduct, exportCsv, signIn, uniqueName } from './support';

/** A submitted invoice of a store on a day, with (product, quantity) lines, through the API. */
async function sold(
  request: APIRequestContext,
  admin: string,
  customerID: number,
  date: string,
  lines: [number, number][],
) {
  const { invoice } = await apiCall(request, admin, '/api/invoice/new/invoice/', undefined);
  for (const [productID, quantity] of lines) {
    const { invoiceItem } = await apiCall(request, admin, '/api/invoice/insert/', { invoiceID: invoice.id, productID });
    await apiCall(
      request,
      admin,
      '/api/invoice/update/item/',
      { id: invoiceItem.id, invoiceID: invoice.id, quantity },
      'patch',
    );
  }
  await apiCall(request, admin, '/api/invoice/update/', { id: invoice.id, customerID, date, status: 'DUE' }, 'patch');
}

test("the morning load sheet: suggested from the stops' usual sales, edited, printed and confirmed as a load", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiToken(request);
  const tag = uniqueName('load').split('.')[1];
  const driver = await createDriver(request, admin, 'loaddriver');
  const storeA = await createStore(request, admin, `Corner Mart ${tag}`);
  const storeB = await createStore(request, admin, `Quick Stop ${tag}`);
  const truck = `Truck ${tag}`;
  const route = `Route ${tag}`;
  await createTodaysRoute(request, admin, {
    name: route,
    driverID: driver.id,
    truck,
    customerIDs: [storeA.id, storeB.id],
  });
  const cola = await createProduct(request, admin, { name: `Cola ${tag}`, costPrice: 0.4 });
  const chips = await createProduct(request, admin, { name: `Chips ${tag}`, costPrice: 0.25 });
  await apiCall(request, admin, '/api/stock/count/', {
    locationID: 1,
    lines: [
      { productID: cola.id, counted: 100 },
      { productID: chips.id, counted: 40 },
    ],
    reason: 'Opening count',
  });
  // The last four weeks: 10 + 6 colas at Corner Mart, 8 chips at Quick Stop.
  await sold(request, admin, storeA.id, businessDay(-7), [[cola.id, 10]]);
  await sold(request, admin, storeA.id, businessDay(-14), [[cola.id, 6]]);
  await sold(request, admin, storeB.id, businessDay(-7), [[chips.id, 8]]);

  await signIn(page);
  await page.goto('/stock');
  await page.getByRole('link', { name: 'Load Sheet' }).first().click();
  await expect(page.getByRole('heading', { name: 'Load Sheet' })).toBeVisible();
  await expect(page.getByText('Choose a route')).toBeVisible();
  await page.getByRole('combobox', { name: 'Route' }).fill(route);
  await page.getByRole('option', { name: `${route} · ${truck}` }).click();

  await expect(page.getByRole('heading', { name: `${route} · ${truck} · ${driver.name}` })).toBeVisible();
  await expect(page.getByTestId('load-sheet-stops')).toContainText(`2 stops (Corner Mart ${tag}, Quick Stop ${tag})`);
  const table = page.getByTestId('load-sheet-table');
  const colaRow = table.getByRole('row').filter({ hasText: `Cola ${tag}` });
  const chipsRow = table.getByRole('row').filter({ hasText: `Chips ${tag}` });
  // Usual, on truck, in warehouse, suggested; the load starts at the suggestion.
  await expect(colaRow.getByRole('cell')).toHaveText([new RegExp(`Cola ${tag}`), '4', '0', '84', '4', '']);
  await expect(page.getByLabel(`Load of Cola ${tag}`)).toHaveValue('4');
  await expect(chipsRow.getByRole('cell').nth(1)).toHaveText('2');
  await expect(page.getByTestId('load-sheet-total')).toHaveText('6');
  // The loader wants a full case of chips.
  await page.getByLabel(`Load of Chips ${tag}`).fill('12');
  await expect(page.getByTestId('load-sheet-total')).toHaveText('16');
  await page.screenshot({ path: test.info().outputPath('load-sheet.png'), fullPage: true });

  // The paper: the truck, the stops, one row per product loaded, a box to tick, the signatures.
  await page.emulateMedia({ media: 'print' });
  const paper = page.getByTestId('load-sheet-print');
  await expect(paper).toBeVisible();
  await expect(page.getByTestId('load-sheet-table')).toBeHidden();
  await expect(paper.getByRole('heading', { name: `Load sheet · ${truck}` })).toBeVisible();
  await expect(paper).toContainText('2 products, 16 units');
  await expect(paper.getByRole('row').filter({ hasText: `Chips ${tag}` })).toContainText('12');
  await expect(paper).toContainText('Loaded by:');
  await page.screenshot({ path: test.info().outputPath('load-sheet-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Confirmed after a question, the warehouse's goods move onto the truck.
  await page.getByRole('button', { name: 'Confirm load' }).click();
  const question = page.getByRole('dialog', { name: 'Load the truck?' });
  await expect(question).toContainText(`16 units of 2 products move from the warehouse onto ${truck}.`);
  await question.getByRole('button', { name: 'Load truck' }).click();
  await expect(page.getByText(`16 units loaded onto ${truck}`)).toBeVisible();
  // The sheet is read again: the truck has them, nothing more is suggested.
  await expect(colaRow.getByRole('cell').nth(2)).toHaveText('4');
  await expect(chipsRow.getByRole('cell').nth(2)).toHaveText('12');
  await expect(page.getByTestId('load-sheet-total')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Confirm load' })).toBeDisabled();

  const { stock } = await apiCall(request, admin, `/api/stock/product/${chips.id}/`, undefined, 'get');
  expect(stock.locations.map((l: { location: string; quantity: number }) => [l.location, l.quantity])).toEqual([
    ['Warehouse', 20],
    [truck, 12],
  ]);
});

test('reorder levels, the below-reorder report and its CSV; the oversold flag on the stock report, printed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiToken(request);
  const tag = uniqueName('reorder').split('.')[1];
  const tea = await createProduct(request, admin, { name: `Tea ${tag}`, costPrice: 0.5, category: 'Drinks' });
  const gum = await createProduct(request, admin, { name: `Gum ${tag}`, costPrice: 0.2, category: 'Candy' });
  const store = await createStore(request, admin, `Gas Stop ${tag}`);
  await apiCall(request, admin, '/api/stock/count/', {
    locationID: 1,
    lines: [{ productID: tea.id, counted: 3 }],
    reason: 'Opening count',
  });
  // Five packs of gum sold that the books never received.
  await sold(request, admin, store.id, businessDay(), [[gum.id, 5]]);

  await signIn(page);
  await page.goto('/stock/reorder');
  await expect(page.getByRole('heading', { name: 'Below Reorder Point' })).toBeVisible();
  await page.getByRole('button', { name: 'Set reorder levels' }).click();
  const levels = page.getByRole('dialog', { name: 'Set reorder levels' });
  await levels.getByLabel('Add a product').fill(tea.barcode);
  await page.getByRole('option', { name: new RegExp(`Tea ${tag}`) }).click();
  await levels.getByLabel(`Reorder level of Tea ${tag}`).fill('12');
  await levels.getByRole('button', { name: 'Save levels' }).click();
  await expect(page.getByText('Reorder level saved for 1 product')).toBeVisible();
  await expect(levels).toBeHidden();

  await page.getByLabel('Search').fill(tag);
  const row = page.getByRole('row').filter({ hasText: `Tea ${tag}` });
  // Level 12, 3 in the warehouse, none on trucks: 9 short at $0.50.
  await expect(row.getByRole('cell').nth(3)).toHaveText('12');
  await expect(row.getByRole('cell').nth(6)).toHaveText('3');
  await expect(row.getByRole('cell').nth(7)).toHaveText('9');
  await expect(row).toContainText('$4.50');
  await expect(page.locator('.report-screen').getByTestId('reorder-total-value')).toHaveText('$4.50');
  const csv = await exportCsv(page, 'reorder');
  expect(csv[0]).toEqual([
    'Product',
    'Barcode',
    'Category',
    'Reorder Level',
    'Warehouse',
    'On Trucks',
    'Sellable',
    'Short',
    'Cost Price',
    'Cost to Reorder',
  ]);
  expect(csv.slice(1)).toEqual([[`Tea ${tag}`, tea.barcode, 'Drinks', '12', '3', '0', '3', '9', '0.50', '4.50']]);

  // A row's Set level opens the dialog on that product at its level; 5 leaves 2 short ($1.00).
  await row.getByRole('button', { name: 'Set level' }).click();
  await expect(levels.getByLabel(`Reorder level of Tea ${tag}`)).toHaveValue('12');
  await levels.getByLabel(`Reorder level of Tea ${tag}`).fill('5');
  await levels.getByRole('button', { name: 'Save levels' }).click();
  await expect(levels).toBeHidden();
  await expect(row.getByRole('cell').nth(7)).toHaveText('2');
  await expect(page.locator('.report-screen').getByTestId('reorder-total-value')).toHaveText('$1.00');

  // The stock report flags what was sold beyond the books, and lists it on request.
  await page.goto('/stock');
  const flag = page.getByTestId('below-zero-flag');
  await expect(flag).toContainText('below zero at a location');
  await flag.getByRole('button', { name: 'Show them' }).click();
  await expect(page.getByLabel('Only below zero')).toBeChecked();
  await page.getByLabel('Search').fill(tag);
  const gumRow = page.getByRole('row').filter({ hasText: `Gum ${tag}` });
  await expect(gumRow).toContainText('-5');
  await expect(gumRow).toContainText('-$1.00');
  await expect(page.getByRole('row').filter({ hasText: `Tea ${tag}` })).toHaveCount(0);

  // Printed: the title, the filter in words, the rows.
  await page.emulateMedia({ media: 'print' });
  const paper = page.getByTestId('report-print');
  await expect(paper.getByRole('heading', { name: 'Stock on Hand' })).toBeVisible();
  await expect(page.getByTestId('report-print-filter')).toHaveText(
    `Location: All · Only below zero · Search: “${tag}”`,
  );
  await expect(paper.getByRole('row').filter({ hasText: `Gum ${tag}` })).toContainText('-5');
  await page.emulateMedia({ media: 'screen' });
  const stockCsv = await exportCsv(page, 'stock');
  expect(stockCsv.slice(1)).toEqual([[`Gum ${tag}`, gum.barcode, 'Candy', 'Warehouse', '-5', '0.20', '-1.00']]);
});
