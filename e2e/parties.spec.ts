import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openFromMenu } from './menu';
import { apiToken, signIn, uniqueName } from './support';

/** A real PNG (the app's own barcode rendering) to upload as a signed certificate. */
async function pngImage(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/images/barcodes/036000291452.png');
  expect(res.status()).toBe(200);
  return res.body();
}

test('create, edit, delete and recover a customer', async ({ page }) => {
  const company = uniqueName('Corner Mart');
  await signIn(page);
  await openFromMenu(page, 'Customers', 'New Customer');
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Contact name').fill('Raj Patel');
  await page.getByLabel('City', { exact: true }).fill('Plano');
  await page.getByLabel('Phone').fill('972-555-0142');
  await page.getByLabel('Tax permit number').fill('32012345678');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/customers$/);

  await page.getByLabel('Search').fill(company);

  // The list filters once typing pauses; wait for it as a user would.

  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row', { name: new RegExp(company) });
  await expect(row).toContainText('Plano');
  await expect(row).toContainText('Default');
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/customers\/edit\/\d+$/);
  await expect(page.getByRole('textbox', { name: /^Company/ })).toHaveValue(company);
  await page.getByLabel('City', { exact: true }).fill('Frisco');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.getByLabel('Search').fill(company);
  // The list filters once typing pauses; wait for it as a user would.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(row).toContainText('Frisco');

  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete?');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);

  await page.goto(`/customers/recover?q=${encodeURIComponent(company)}`);
  await page
    .getByRole('row', { name: new RegExp(company) })
    .getByRole('button', { name: 'Recover' })
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.goto(`/customers?q=${encodeURIComponent(company)}`);
  await expect(page.getByRole('row', { name: new RegExp(company) })).toContainText('Frisco');
});

test('sign a resale certificate with an image and download its PDF', async ({ page, request }) => {
  const token = await apiToken(request);
  const company = uniqueName('Signed Market');
  await request.post('/api/customer/new/', { headers: { Token: token }, data: { company, taxPermitNumber: '12345' } });
  const png = await pngImage(request);

  await signIn(page);
  await page.goto(`/customers?q=${encodeURIComponent(company)}`);
  const row = page.getByRole('row', { name: new RegExp(company) });
  await expect(row).toContainText('never');
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'View Resale Certificate' }).click();
  await expect(page.getByText('No Resale Certificate Uploaded')).toBeVisible();

  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Sign Resale Certificate' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Resale certificate saved; verified today')).toBeVisible();
  await expect(row).not.toContainText('never');

  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'View Resale Certificate' }).click();
  await expect(page.getByRole('img', { name: 'Resale certificate' })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Resale_Certificate_\d+\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // The document's title names the buyer.
  expect(pdf.toString('latin1')).toContain(`Resale Certificate - ${company}`);
});

test('a customer verified 400 days ago is highlighted', async ({ page, request }) => {
  const token = await apiToken(request);
  const stale = uniqueName('Old Verify');
  const fresh = uniqueName('New Verify');
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  for (const [company, date] of [
    [stale, daysAgo(400)],
    [fresh, daysAgo(30)],
  ]) {
    const res = await request.post('/api/customer/new/', {
      headers: { Token: token },
      data: { company, dateLastVerified: date },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await signIn(page);
  await page.goto('/customers?q=Verify');
  await expect(page.getByRole('row', { name: new RegExp(stale) })).toHaveAttribute('data-warning', 'true');
  await expect(page.getByRole('row', { name: new RegExp(stale) })).toContainText('stale');
  await expect(page.getByRole('row', { name: new RegExp(fresh) })).not.toHaveAttribute('data-warning', 'true');
});

test('expenses filtered by month show the right footer sum', async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = uniqueName('Fuel');
  for (const [date, amount] of [
    ['2024-02-03', 19.99],
    ['2024-02-17', 100.01],
    ['2024-02-29', 5.5],
    ['2024-03-01', 1000],
  ] as const) {
    const res = await request.post('/api/expenses/insert/', {
      headers: { Token: token },
      data: { date, billerID: 2, expense: tag, category: 'Truck', amount },
    });
    expect(res.status()).toBe(200);
  }
  await signIn(page);
  await page.goto(`/expenses?q=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId('expenses-total')).toHaveText('$1,125.50');
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: 'February' }).click();
  await page.getByLabel('Year').fill('2024');
  await expect(page.getByTestId('expenses-total')).toHaveText('$125.50');
  await expect(page.getByText('Showing 3 of 3 results')).toBeVisible();

  // New expense defaults: today, biller 2.
  await page.getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('combobox', { name: 'Biller' })).toHaveValue('My Second Company');
  await expect(page.getByLabel('Date')).toHaveValue(/^\d{2}-\d{2}-\d{4}$/);
});

test('billers: create, view read-only, delete and recover; biller 1 stays', async ({ page }) => {
  const company = uniqueName('Metro Snacks');
  await signIn(page);
  await page.goto('/billers/new');
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Email').fill('orders@metro.example');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/billers$/);
  await page.getByLabel('Search').fill(company);
  // The list filters once typing pauses; wait for it as a user would.
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row', { name: new RegExp(company) });
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page.getByLabel('Company')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();

  // The company's name is the link to the biller (its id is not).
  await page.goto(`/billers?q=${encodeURIComponent(company)}`);
  await row.getByRole('link', { name: company, exact: true }).click();
  await expect(page).toHaveURL(/\/billers\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue(company);

  await page.goto(`/billers?q=${encodeURIComponent(company)}`);
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
  await page.goto(`/billers/recover?q=${encodeURIComponent(company)}`);
  await page
    .getByRole('row', { name: new RegExp(company) })
    .getByRole('button', { name: 'Recover' })
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('No deleted billers')).toBeVisible();

  await page.goto('/billers?q=My%20Company');
  await page
    .getByRole('row', { name: /My Company/ })
    .first()
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByText('Biller 1 is a default biller (for new invoices and expenses) and can not be deleted'),
  ).toBeVisible();
});

test('suppliers: add one and find it; a missing one says so', async ({ page }) => {
  const company = uniqueName('Core-Mark');
  await signIn(page);
  await page.goto('/distributors/new');
  await page.getByLabel('Supplier').fill(company);
  await page.getByLabel('Phone').fill('800-555-0199');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/distributors$/);
  await page.getByLabel('Search').fill(company);
  // The list filters once typing pauses; wait for it as a user would.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('row', { name: new RegExp(company) })).toContainText('800-555-0199');
  await page.goto('/distributors/987654');
  await expect(page.getByRole('alert')).toHaveText("The distributor doesn't exist");
});
