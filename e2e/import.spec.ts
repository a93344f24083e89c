import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { IMPORT_MESSAGES } from '@wd/contracts';
import { openFromMenu } from './menu';
import { apiToken, chooseOption, createProduct, createUser, freshUpcBody, signIn, uniqueName } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp';
/** A screenshot of the window (the app's shell is fixed: a full-page one draws it mid-page), scrolled to `at`. */
async function shot(page: Page, name: string, at?: Locator) {
  if (at) await at.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/imp-web-${name}.png` });
}

/** An 11-digit UPC-A body with its check digit. */
function upc(body: string): string {
  const sum = body.split('').reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

async function chooseFile(page: Page, name: string, csv: string) {
  await page
    .getByRole('region', { name: 'File', exact: true })
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

/** Picks `option` in the mapping Select of the field labelled `field`. */
async function mapField(page: Page, field: string, option: string) {
  await chooseOption(page, field, option);
  await expect(page.getByRole('combobox', { name: field, exact: true })).toHaveValue(option);
}

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const count = (page: Page, key: string) => preview(page).getByTestId(`count-${key}`);

test('products from a CSV: map a column, see the refused rows and why, import the valid rows with progress', async ({
  page,
}) => {
  const tag = uniqueName('Imported');
  const [a, b, c] = [upc(freshUpcBody()), upc(freshUpcBody()), upc(freshUpcBody())];
  const wrong = upc(freshUpcBody());
  const wrongCheck = `${wrong.slice(0, 11)}${(Number(wrong[11]) + 1) % 10}`;
  // "Item <tag>" reads like no field: Name is left unmapped until the test maps it.
  const itemHeading = `Item ${tag.slice(-6)}`;
  const csv = [
    `${itemHeading},UPC,Cost,Wholesale Price,SRP,Dept`,
    `${tag} Cola,${a},1.00,"1,234.50",1.99,Beverages`,
    // A catalog's dashed UPC and a supplier's cost with three decimals.
    `${tag} Chips,${b.slice(0, 1)}-${b.slice(1, 6)}-${b.slice(6, 11)}-${b.slice(11)},0.805,1.25,1.79,Snacks`,
    `${tag} Broken,${wrongCheck},1.00,2.00,2.50,Snacks`,
    `${tag} Twin,${a},1.00,1.50,1.99,Beverages`,
    `${tag} Gum,${c},0.10,0.25,0.49,Candy`,
  ].join('\r\n');

  await signIn(page);
  await openFromMenu(page, 'Import', 'Import Products');
  await expect(page).toHaveURL(/\/import\/products$/);
  await expect(page).toHaveTitle(/^Import Products \|/);
  await shot(page, '1-empty');

  await chooseFile(page, 'price-book.csv', csv);
  // The suggested mapping: UPC → Barcode, Cost, Wholesale Price → Selling Price, SRP; Name has no column yet.
  await expect(page.getByRole('combobox', { name: 'Barcode', exact: true })).toHaveValue('UPC');
  await expect(page.getByRole('combobox', { name: 'Selling Price', exact: true })).toHaveValue('Wholesale Price');
  await expect(page.getByRole('combobox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(count(page, 'refuse')).toContainText('5');
  await expect(preview(page).getByTestId('import-row').first()).toContainText('Name is required');
  await shot(page, '2-suggested', preview(page));

  await mapField(page, 'Name', itemHeading);
  await expect(count(page, 'total')).toContainText('5');
  await expect(count(page, 'create')).toContainText('3');
  await expect(count(page, 'refuse')).toContainText('2');
  const rows = preview(page).getByTestId('import-row');
  await expect(rows.nth(0)).toHaveAttribute('data-action', 'create');
  await expect(rows.nth(0)).toContainText('1,234.50');
  // What was read other than as written is said under the row, which is not refused for it.
  await expect(rows.nth(1)).toHaveAttribute('data-action', 'create');
  await expect(rows.nth(1).getByTestId('import-note')).toHaveText([
    `Barcode ${b.slice(0, 1)}-${b.slice(1, 6)}-${b.slice(6, 11)}-${b.slice(11)} read as ${b} (dashes and spaces removed)`,
    'Cost Price 0.805 rounded to 0.81',
  ]);
  await expect(rows.nth(2)).toHaveAttribute('data-action', 'refuse');
  await expect(rows.nth(2)).toContainText('check digit');
  await expect(rows.nth(3)).toHaveAttribute('data-action', 'refuse');
  await expect(rows.nth(3)).toContainText(`Barcode ${a} is also on line 2`);
  // All or nothing with refused rows: the import can't start, and says why.
  const importSection = page.getByRole('region', { name: 'Import', exact: true });
  await expect(importSection.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await expect(importSection.getByTestId('import-blocked')).toHaveText(
    'Fix the refused rows or choose Valid rows only',
  );
  await shot(page, '3-refused', importSection);

  // The refused rows download: the file's own cells and the reasons.
  const downloading = page.waitForEvent('download');
  await preview(page).getByRole('button', { name: 'Download refused rows' }).click();
  const download = await downloading;
  const refusedCsv = await readFile(await download.path(), 'utf8');
  expect(refusedCsv).toContain(`${tag} Broken`);
  expect(refusedCsv).toContain('check digit');
  expect(refusedCsv).toContain(`${tag} Twin`);
  expect(refusedCsv).not.toContain(`${tag} Gum`);

  await page.getByRole('radio', { name: 'Valid rows only' }).check();
  const go = importSection.getByRole('button', { name: 'Import 3 rows' });
  await expect(go).toBeEnabled();
  await expect(importSection).toContainText('2 rows refused will be left out');
  await go.click();

  const progress = importSection.getByTestId('import-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('Writing… 3 / 3');
  const outcome = importSection.getByTestId('import-outcome');
  await expect(outcome).toContainText('Import finished');
  await expect(outcome).toContainText('Imported: 3 products created, 0 updated, 2 rows refused.');
  await expect(outcome.getByTestId('count-create')).toContainText('Created3');
  await expect(outcome.getByTestId('count-refuse')).toContainText('Refused2');
  // After the run, the refused rows are still the two refused (not the three just written, now in the database).
  const downloadingAfter = page.waitForEvent('download');
  await outcome.getByRole('button', { name: 'Download refused rows' }).click();
  const refusedAfter = await readFile(await (await downloadingAfter).path(), 'utf8');
  expect(refusedAfter).toBe(refusedCsv);
  await shot(page, '4-done', outcome);

  await outcome.getByRole('link', { name: 'Open the products list' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.getByLabel('Search').fill(`${tag} Cola`);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row', { name: new RegExp(`${tag} Cola`) });
  await expect(row).toContainText(a);
  await expect(row).toContainText('$1,234.50');
  await expect(row).toContainText('$1.99');
  await expect(page.getByRole('row', { name: new RegExp(`${tag} Twin`) })).toHaveCount(0);
});

test('customers from a CSV: a row with an existing company and postal code updates it after a confirmation', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const company = `${uniqueName('Corner')} Market`;
  const created = await request.post('/api/customer/new/', {
    headers: { Token: token },
    data: { company, postalCode: '30301', city: 'Atlanta', phone: '404-555-0100' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const newcomer = `${uniqueName('Newcomer')} Deli`;
  const csv = [
    'Store;Zip;Town;Telephone',
    `${company};30301;Decatur;404-555-0199`,
    `${newcomer};30302;Atlanta;404-555-0123`,
  ].join('\n');

  await signIn(page);
  await openFromMenu(page, 'Import', 'Import Customers');
  await expect(page).toHaveURL(/\/import\/customers$/);
  await chooseFile(page, 'stores.csv', csv);
  await expect(page.getByRole('combobox', { name: 'Company', exact: true })).toHaveValue('Store');
  await expect(page.getByRole('combobox', { name: 'Postal Code', exact: true })).toHaveValue('Zip');
  // Refusing matches is the default: the existing store is refused, naming it.
  await expect(count(page, 'refuse')).toContainText('1');
  await expect(preview(page).getByTestId('import-row').first()).toContainText(
    'A customer with this company and postal code already exists',
  );

  await page.getByRole('radio', { name: 'Update the existing customer' }).check();
  await expect(count(page, 'update')).toContainText('1');
  await expect(count(page, 'create')).toContainText('1');
  await expect(count(page, 'refuse')).toContainText('0');
  await expect(preview(page).getByTestId('import-row').first()).toHaveAttribute('data-action', 'update');
  // What the update changes shows before it is made.
  await expect(preview(page).getByTestId('import-change')).toHaveText([
    'City: Atlanta → Decatur',
    'Phone: 404-555-0100 → 404-555-0199',
  ]);
  await shot(page, '5-customers', preview(page));

  const importSection = page.getByRole('region', { name: 'Import', exact: true });
  await importSection.getByRole('button', { name: 'Import 2 rows' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This import changes 1 existing customer');
  await shot(page, '6-confirm');
  await dialog.getByRole('button', { name: 'Update 1' }).click();
  const outcome = importSection.getByTestId('import-outcome');
  await expect(outcome).toContainText('Imported: 1 customer created, 1 updated.');
  await expect(outcome.getByTestId('count-update')).toContainText('Updated1');
  await expect(outcome.getByTestId('count-create')).toContainText('Created1');
  await shot(page, '7-customers-done', outcome);

  await outcome.getByRole('link', { name: 'Open the customers list' }).click();
  await page.getByLabel('Search').fill(company);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row', { name: new RegExp(company) });
  await expect(row).toContainText('Decatur');
  await expect(row).toContainText('404-555-0199');
  await page.getByLabel('Search').fill(newcomer);
  await expect(page.getByRole('row', { name: new RegExp(newcomer) })).toContainText('404-555-0123');
});

test("the file and mapping errors are the server's own words, and a clerk has no import", async ({ page, request }) => {
  await signIn(page);
  await page.goto('/import/products');
  const fileSection = page.getByRole('region', { name: 'File', exact: true });
  await chooseFile(page, 'empty.csv', '');
  await expect(fileSection).toContainText('The file is empty');
  await chooseFile(page, 'heading-only.csv', 'Name,UPC\r\n');
  await expect(fileSection).toContainText('The file has no rows under its heading row');
  await page
    .getByRole('region', { name: 'File', exact: true })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]) });
  await expect(fileSection).toContainText(IMPORT_MESSAGES.notCsv);
  await shot(page, '8-not-csv');

  // A long cell is cut for the preview and wraps inside its column; the page never scrolls sideways.
  const long = 'X'.repeat(300);
  await chooseFile(page, 'long.csv', `Product Name,UPC,Category\r\nLong one,${upc(freshUpcBody())},${long}\r\n`);
  await expect(preview(page).getByTestId('import-row')).toContainText('Category is too long');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await shot(page, '9-long-cell', preview(page));

  // The same column for two fields, then no Barcode column: the preview says why, and nothing can be imported.
  await mapField(page, 'Category', 'UPC');
  await expect(preview(page).getByTestId('preview-error')).toContainText('"UPC" is mapped to two fields');
  await expect(page.getByRole('region', { name: 'Import', exact: true }).getByRole('button')).toBeDisabled();
  await chooseOption(page, 'Category', 'Category');
  await expect(preview(page).getByTestId('import-row')).toContainText('Category is too long');
  await page.getByRole('button', { name: 'Clear Barcode', includeHidden: true }).click();
  await expect(preview(page).getByTestId('preview-error')).toContainText('Map a column to Barcode');
  await expect(page.getByRole('region', { name: 'Import', exact: true }).getByRole('button')).toBeDisabled();
  await shot(page, '10-unmapped', preview(page));

  // Admins only: a clerk has no menu entry and is sent away from the screen.
  const clerk = uniqueName('clerk').toLowerCase();
  await createUser(request, clerk, 'clerk-password-1');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, clerk, 'clerk-password-1');
  await expect(page.getByRole('link', { name: 'Import Products' })).toHaveCount(0);
  await page.goto('/import/products');
  await expect(page).not.toHaveURL(/\/import\//);
});

test('a row that became a duplicate after the preview: all or nothing writes nothing and says so', async ({
  page,
  request,
}) => {
  const tag = uniqueName('Raced');
  const [a, b] = [upc(freshUpcBody()), upc(freshUpcBody())];
  const csv = [`Product Name,UPC,Price`, `${tag} One,${a},2.00`, `${tag} Two,${b},3.00`].join('\n');
  await signIn(page);
  await page.goto('/import/products');
  await chooseFile(page, 'race.csv', csv);
  await expect(count(page, 'create')).toContainText('2');
  const importSection = page.getByRole('region', { name: 'Import', exact: true });
  await expect(importSection.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();

  // Someone else takes the second barcode between the preview and the import.
  const token = await apiToken(request);
  await createProduct(request, token, { name: `${tag} Elsewhere`, barcode: b });

  await importSection.getByRole('button', { name: 'Import 2 rows' }).click();
  const outcome = importSection.getByTestId('import-outcome');
  await expect(outcome).toContainText('Nothing was written');
  await expect(outcome).toContainText('Nothing was imported: 1 row was refused.');
  await expect(outcome.getByTestId('count-refuse')).toContainText('1');
  // The preview is asked again and shows the refusal; the import can't start in all-or-nothing mode.
  await expect(count(page, 'refuse')).toContainText('1');
  await expect(preview(page).getByTestId('import-row').nth(1)).toContainText(`${tag} Elsewhere`);
  await expect(importSection.getByTestId('import-blocked')).toHaveText(
    'Fix the refused rows or choose Valid rows only',
  );
  await expect(outcome).toBeVisible();
  await shot(page, '11-nothing-written', outcome);

  // Nothing of the file was written: the only product with the tag is the other user's.
  const products = await request.post('/api/product/all/', { headers: { Token: token }, data: { searchQuery: tag } });
  expect(products.status()).toBe(200);
  const names = ((await products.json()).products as { name: string }[]).map((p) => p.name);
  expect(names).toEqual([`${tag} Elsewhere`]);
});
