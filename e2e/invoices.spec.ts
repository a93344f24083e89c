import { expect, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

test('scan five products into a price-group customer’s invoice, return one damaged, submit, pay by cheque then cash', async ({
  page,
  request,
}) => {
  // A whole day at the counter in one flow: scans, a return, two payments, the list and the history.
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Scan');
  const group = (await (await request.post('/api/priceGroup/new/', { headers, data: { name: `${tag} group` } })).json())
    .priceGroup;
  const created = await request.post('/api/customer/new/', {
    headers,
    data: { company: `${tag} Market`, priceGroupID: group.id },
  });
  expect(created.status()).toBe(200);
  const products = [];
  for (const [i, price] of [1.25, 2.5, 0.99, 4.1, 3].entries()) {
    products.push(
      await createProduct(request, token, {
        name: `${tag} item ${i}`,
        sellingPrice: price,
        unitQuantity: 12,
        boxBarcode: i === 2 ? `BX${Date.now()}` : '',
      }),
    );
  }
  // The group's price for the first product.
  await request.post('/api/priceGroup/insert/', {
    headers,
    data: { priceGroupID: group.id, productID: products[0].id, price: 1.1, suggestedRetailPrice: 1.99 },
  });
  const box = (await (await request.post(`/api/product/${products[2].id}/`, { headers })).json()).product.boxBarcode;

  await signIn(page);
  await page.goto('/invoices/new');
  await expect(page).toHaveURL(/\/invoices\/edit\/\d+$/);
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('combobox', { name: 'Customer' }).fill(`${tag} Market`);
  await page.getByRole('option', { name: `${tag} Market` }).click();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`${tag} Market`);

  // Five scans, no mouse: type + Enter, focus stays in the box.
  const scans = [products[0].barcode, products[1].barcode.slice(1), box, products[3].barcode, products[4].barcode];
  const scan = page.getByTestId('scan-box');
  await scan.click();
  for (const code of scans) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(scan).toHaveValue('');
    await expect(scan).toBeFocused();
  }
  const lines = page.getByTestId('invoice-line');
  await expect(lines).toHaveCount(5);
  await expect(lines.nth(0)).toContainText('$1.10'); // the group's price
  await expect(lines.nth(2).getByRole('textbox')).toHaveValue('12'); // by box barcode: the unit quantity

  // A return line marked damaged: the second product, -1.
  const qty = page.getByLabel(`Quantity of ${products[1].name}`);
  await qty.fill('-1');
  await qty.press('Enter');
  await expect(lines.nth(1).getByTestId('line-subtotal')).toHaveText('-$2.50');
  await page.getByLabel(`${products[1].name} is damaged`).click();
  await expect(page.getByLabel(`${products[1].name} is damaged`)).toBeChecked();

  await page.getByTestId('submit-invoice').click();
  // 1.10 + 12 × 0.99 + 4.10 + 3.00 = 20.08; less the 2.50 return: 17.58 due.
  await expect(page.getByTestId('invoice-due')).toHaveText('$17.58');
  await expect(page.getByTestId('invoice-totals')).toContainText('$20.08');

  // Part by cheque with a photo.
  await page.locator('#root').getByRole('button', { name: 'Add Payment' }).click();
  await page.getByRole('combobox', { name: 'Payment Type' }).click();
  await page.getByRole('option', { name: 'Cheque' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Add Payment' })).toBeDisabled();
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByLabel('Cheque No').fill('4411');
  const png = await (await request.get('/images/barcodes/036000291452.png')).body();
  await page.locator('input[type="file"]').setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('payment-amount-due')).toHaveText('$7.58');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByTestId('invoice-due')).toHaveText('$7.58');
  await expect(page.getByRole('heading').getByText('DUE')).toBeVisible();

  // The rest in cash (the amount defaults to the balance).
  await page.locator('#root').getByRole('button', { name: 'Add Payment' }).click();
  await page.getByRole('combobox', { name: 'Payment Type' }).click();
  await page.getByRole('option', { name: 'Cash' }).click();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('$7.58');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByTestId('invoice-due')).toHaveText('$0.00');
  await expect(page.getByRole('heading').getByText('PAID')).toBeVisible();

  // The list footer and the payment history.
  await page.goto(`/invoices?q=${encodeURIComponent(`${tag} Market`)}`);
  await expect(page.getByTestId('invoices-total-total')).toHaveText('$20.08');
  await expect(page.getByTestId('invoices-total-paid')).toHaveText('$17.58');
  await expect(page.getByTestId('invoices-total-balance')).toHaveText('$0.00');
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'View Payments' }).click();
  await expect(page.getByTestId('payments-total-paid')).toHaveText('$17.58');
  await expect(page.getByText('Showing 2 of 2 results')).toBeVisible();
});
