import { expect, test } from '@playwright/test';
import { createDriver, createTodaysRoute } from './driver-support';
import { apiCall, apiToken, createProduct, signIn, uniqueName } from './support';

/** The office counts the warehouse, loads a truck and reads the ledger, at an office screen's size. */
test('count the warehouse, load a truck, and read the stock and its movements', async ({ page, request }) => {
  const admin = await apiToken(request);
  const tag = uniqueName('stock').split('.')[1];
  const driver = await createDriver(request, admin, 'stockdriver');
  const truck = `Truck ${tag}`;
  await createTodaysRoute(request, admin, { name: `Route ${tag}`, driverID: driver.id, truck, customerIDs: [] });
  const cola = await createProduct(request, admin, { name: `Cola ${tag}`, costPrice: 0.8, category: 'Drinks' });

  await signIn(page);
  await page.goto('/stock');
  await expect(page.getByRole('heading', { name: 'Stock' })).toBeVisible();

  // Count: Warehouse, the product by its barcode, 240, a reason.
  await page.getByRole('button', { name: 'Count stock' }).click();
  const count = page.getByRole('dialog', { name: 'Count stock' });
  await expect(count.getByLabel('Location')).toHaveValue('Warehouse');
  await count.getByLabel('Add a product').fill(cola.barcode);
  await page.getByRole('option', { name: new RegExp(`Cola ${tag}`) }).click();
  await count.getByLabel(`Counted of Cola ${tag}`).fill('240');
  // The reason is required: the count is not saved without it.
  await count.getByRole('button', { name: 'Save count' }).click();
  await expect(count.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await count.getByLabel('Reason').fill('Opening count');
  await count.getByRole('button', { name: 'Save count' }).click();
  await expect(page.getByText('Count saved: 1 adjusted')).toBeVisible();
  await expect(count).toBeHidden();

  // Load 48 onto the route's truck.
  await page.getByRole('button', { name: 'Load / Unload' }).click();
  const load = page.getByRole('dialog', { name: 'Load or unload a truck' });
  await load.getByRole('combobox', { name: 'Truck' }).fill(truck);
  await page.getByRole('option', { name: `${truck} · Route ${tag}` }).click();
  await load.getByLabel('Add a product').fill(`Cola ${tag}`);
  await page.getByRole('option', { name: new RegExp(`Cola ${tag}`) }).click();
  await load.getByLabel(`Quantity of Cola ${tag}`).fill('48');
  await load.getByRole('button', { name: 'Load truck' }).click();
  await expect(page.getByText(`48 units loaded onto ${truck}`)).toBeVisible();

  // The report: the product at both places, valued at cost.
  await page.getByPlaceholder('Product, barcode or category').fill(`Cola ${tag}`);
  const rows = page.getByRole('row').filter({ hasText: `Cola ${tag}` });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Warehouse' })).toContainText('192');
  await expect(rows.filter({ hasText: 'Warehouse' })).toContainText('$153.60');
  await expect(rows.filter({ hasText: truck })).toContainText('$38.40');
  const screen = page.locator('.report-screen');
  await expect(screen.getByTestId('stock-total-quantity')).toHaveText('240');
  await expect(screen.getByTestId('stock-total-value')).toHaveText('$192.00');
  await page.screenshot({ path: test.info().outputPath('stock.png'), fullPage: true });

  // The truck's movements: what was loaded, by whom.
  await rows.filter({ hasText: truck }).getByRole('link', { name: 'Movements' }).click();
  await expect(page.getByRole('heading', { name: `Stock movements · Cola ${tag}` })).toBeVisible();
  await expect(page.getByTestId('product-stock')).toHaveText(`On hand: Warehouse 192 · ${truck} 48`);
  const ledger = page.getByRole('row').filter({ hasText: 'Loaded' });
  await expect(ledger).toHaveCount(1);
  await expect(ledger).toContainText('+48');
  await expect(ledger).toContainText('admin');

  // The API agrees.
  const { stock } = await apiCall(request, admin, `/api/stock/product/${cola.id}/`, undefined, 'get');
  expect(stock.sellable).toBe(240);
});

test('a supplier invoice with lines receives them into the warehouse', async ({ page, request }) => {
  const admin = await apiToken(request);
  const tag = uniqueName('recv').split('.')[1];
  const company = `McLane ${tag}`;
  await apiCall(request, admin, '/api/distributor/insert/', { company });
  const water = await createProduct(request, admin, { name: `Water ${tag}`, costPrice: 3.25 });
  const chips = await createProduct(request, admin, { name: `Chips ${tag}`, costPrice: 12.5 });

  await signIn(page);
  await page.goto('/distributors/invoices/new');
  await page.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: company }).click();
  await page.getByLabel('Invoice No').fill('44120');
  // A scanner types the barcode and Enter: the product lands with one unit at its cost.
  // At scanner speed: Enter comes before the matches are shown.
  const add = page.getByRole('combobox', { name: 'Add a product' });
  await add.fill(water.barcode);
  await add.press('Enter');
  await expect(page.getByLabel(`Quantity of Water ${tag}`)).toHaveValue('1');
  await expect(page.getByLabel(`Cost of Water ${tag}`)).toHaveValue('$3.25');
  await page.getByLabel(`Quantity of Water ${tag}`).fill('24');
  await add.fill(`Chips ${tag}`);
  await page.getByRole('option', { name: new RegExp(`Chips ${tag}`) }).click();
  await page.getByLabel(`Quantity of Chips ${tag}`).fill('6');
  await page.getByLabel(`Cost of Chips ${tag}`).fill('12.10');
  // The amount is the lines' total: 24 × $3.25 + 6 × $12.10.
  await expect(page.getByLabel('Amount Purchase')).toHaveValue('$150.60');
  await page.screenshot({ path: test.info().outputPath('receiving.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/distributors\/invoices$/);

  await page.goto('/stock?location=1');
  await page.getByPlaceholder('Product, barcode or category').fill(tag);
  await expect(page.getByRole('row').filter({ hasText: `Water ${tag}` })).toContainText('24');
  await expect(page.getByRole('row').filter({ hasText: `Chips ${tag}` })).toContainText('6');
  const { stock } = await apiCall(request, admin, `/api/stock/product/${chips.id}/`, undefined, 'get');
  expect(stock.locations).toEqual([{ locationID: 1, location: 'Warehouse', kind: 'warehouse', quantity: 6 }]);
});
