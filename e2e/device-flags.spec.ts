import { expect, test } from '@playwright/test';
import { apiCall, apiToken, createProduct, createUser, searchList, signIn, uniqueName } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

test("an admin settles a driver's price flag with a note", async ({ page, request }) => {
  // A driver's device sells a product below the office's price: the sync stores the invoice and flags it.
  const token = await apiToken(request);
  const driver = uniqueName('flags');
  await createUser(request, driver, 'driver-password');
  const driverToken = await apiToken(request, driver, 'driver-password');
  const tag = uniqueName('Flag');
  const product = await createProduct(request, token, {
    name: `Cola ${tag}`,
    costPrice: 0.8,
    sellingPrice: 1.5,
    suggestedRetailPrice: 1.99,
  });
  const store = (await apiCall(request, token, '/api/customer/new/', { company: `Corner ${tag}` })).customer;
  const deviceID = `phone-${driver.replace(/\W/g, '')}`;
  const { block } = await apiCall(request, driverToken, '/api/route/numbers/reserve/', { deviceID, count: 1 });
  const synced = await apiCall(request, driverToken, '/api/route/invoice/', {
    deviceID,
    number: block.numbers[0],
    customerID: store.id,
    date: new Date().toISOString().slice(0, 10),
    printedAt: new Date().toISOString(),
    lines: [
      {
        productID: product.id,
        productName: product.name,
        barcode: product.barcode,
        quantity: 4,
        costPrice: 0.8,
        sellingPrice: 1.25,
        suggestedRetailPrice: 1.99,
      },
    ],
    totals: { total: 5, amountCredited: 0 },
    payments: [],
    proof: null,
  });
  const message = `Cola ${tag}: sold at $1.25; the office's price for this customer is $1.50`;
  expect(synced.flags).toEqual([{ kind: 'price', message }]);
  const { id: invoiceID, invoiceNo } = synced.invoice;

  await signIn(page);
  await page.goto('/routes/flags');
  await expect(page).toHaveTitle('Driver Flags | Wholesale Desk');
  await searchList(page, driver);
  const row = page.getByRole('row').filter({ hasText: driver });
  await expect(row).toContainText(message);
  await expect(row).toContainText('Price differs');
  await expect(row).toContainText('Open');
  await expect(row.getByRole('link', { name: invoiceNo })).toHaveAttribute('href', `/invoices/${invoiceID}`);

  // The note is required.
  await row.getByRole('button', { name: 'Settle' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'Settle' }).click();
  await expect(dialog.getByText('Is required')).toBeVisible();
  await dialog.getByLabel('Note').fill('Promo price, approved by the office');
  await dialog.getByRole('button', { name: 'Settle' }).click();
  await expect(dialog).toBeHidden();

  // Settled, it leaves the open flags; the settled ones show who settled it and the note.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Settled' }).click();
  await expect(page).toHaveURL(/[?&]state=settled/);
  await expect(row).toContainText('Settled by admin: Promo price, approved by the office');
  await expect(row.getByRole('button', { name: 'Settle' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(row).toContainText('Settled by admin');
});
