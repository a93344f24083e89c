import { expect, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

test('an invoice past the customer credit limit asks first: No leaves it NEW, Yes submits it; the list filters over-limit customers', async ({
  page,
  request,
}, testInfo) => {
  // Three screens and eight API calls: about 16 s here, past 30 s on a loaded CI machine.
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const headers = { Token: token };
  const company = uniqueName('Limit Mart');

  // The limit is set on the customer form.
  await signIn(page);
  await page.goto('/customers/new');
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Credit limit').fill('10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  const found = await request.post('/api/customer/all/', { headers, data: { searchQuery: company } });
  const customer = (await found.json()).customers[0];
  expect(customer).toMatchObject({ company, creditLimit: 10 });

  const product = await createProduct(request, token, { name: uniqueName('Case of soda'), sellingPrice: 12.5 });
  const invoice = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice;
  await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, customerID: customer.id } });
  const line = await request.post('/api/invoice/insert/', {
    headers,
    data: { invoiceID: invoice.id, productID: product.id },
  });
  expect(line.status(), await line.text()).toBe(200);

  // Beside the customer: what they owe now and their limit.
  await page.goto(`/invoices/edit/${invoice.id}`);
  const balance = page.getByTestId('customer-open-balance');
  const limit = page.getByTestId('customer-credit-limit');
  await expect(balance).toHaveText('$0.00');
  await expect(limit).toHaveText('$10.00');
  await expect(page.getByTestId('customer-over-limit')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('invoice-credit.png'), fullPage: true });

  const question = `This takes ${company}'s open balance to $12.50, past the credit limit of $10.00. Go ahead?`;
  const dialog = page.getByRole('dialog', { name: 'Past the credit limit' });

  // No: nothing changes.
  await page.getByTestId('submit-invoice').click();
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invoice-status')).toHaveText('NEW');
  const unchanged = await (await request.post(`/api/invoice/summary/${invoice.id}/`, { headers })).json();
  expect(unchanged.invoiceSummary).toMatchObject({ status: 'NEW' });

  // Yes: submitted, and the customer is now over their limit.
  await page.getByTestId('submit-invoice').click();
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('invoice-status')).toHaveText('DUE');
  await expect(balance).toHaveText('$12.50');
  await expect(limit).toHaveText('$10.00');
  await expect(page.getByTestId('customer-over-limit')).toHaveText('· over limit');
  await page.screenshot({ path: testInfo.outputPath('invoice-credit-over.png'), fullPage: true });
  const submitted = await (await request.post(`/api/invoice/summary/${invoice.id}/`, { headers })).json();
  expect(submitted.invoiceSummary).toMatchObject({ status: 'DUE', balance: 12.5 });

  // The customer list's filter, in the URL.
  await page.goto(`/customers?q=${encodeURIComponent(company)}`);
  const row = page.getByRole('row', { name: new RegExp(company) });
  await expect(row).toContainText('$10.00');
  // The box shows the URL's filter: it turns checked once the URL has changed.
  await page.getByLabel('Over their credit limit').click();
  await expect(page).toHaveURL(/[?&]overLimit=1/);
  await expect(page.getByLabel('Over their credit limit')).toBeChecked();
  await expect(row).toBeVisible();
  const within = uniqueName('Within Limit Mart');
  await request.post('/api/customer/new/', { headers, data: { company: within, creditLimit: 10 } });
  await page.goto(`/customers?q=${encodeURIComponent(within)}&overLimit=1`);
  await expect(page.getByRole('row', { name: new RegExp(within) })).toHaveCount(0);
  await expect(page.getByLabel('Over their credit limit')).toBeChecked();
  await page.getByLabel('Over their credit limit').click();
  await expect(page).not.toHaveURL(/overLimit=1/);
  await expect(page.getByRole('row', { name: new RegExp(within) })).toBeVisible();
});
