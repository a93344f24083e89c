import { expect, test } from '@playwright/test';
import { apiToken, signIn, uniqueName } from './support';

test('Transfer Status asks first, names the new consignment status and the list shows it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const company = uniqueName('Consigned');
  const customer = (await (await request.post('/api/customer/new/', { headers, data: { company } })).json()).customer;
  const invoice = (await (await request.post('/api/invoice/new/consignment/', { headers })).json()).invoice;
  await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, customerID: customer.id } });

  await signIn(page);
  await page.goto(`/invoices?q=${encodeURIComponent(company)}`);
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNo });
  await expect(row.getByLabel('Consignment status: DUE')).toHaveText('Cons. DUE');

  // No keeps it as it is.
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Transfer Status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer Status' });
  await expect(dialog).toContainText(`Change the consignment status of ${invoice.invoiceNo} from DUE to PAID?`);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByLabel('Consignment status: DUE')).toBeVisible();
  const unchanged = await (await request.post(`/api/invoice/summary/${invoice.id}/`, { headers })).json();
  expect(unchanged.invoiceSummary.consignmentStatus).toBe('DUE');

  // Yes changes it and says so.
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Transfer Status' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `${invoice.invoiceNo}: consignment status is now PAID` }),
  ).toBeVisible();
  await expect(row.getByLabel('Consignment status: PAID')).toHaveText('Cons. PAID');
});

test('Transfer Biller asks first, names both billers, and says where the invoice went', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const company = uniqueName('Moved');
  const customer = (await (await request.post('/api/customer/new/', { headers, data: { company } })).json()).customer;
  const invoice = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice;
  await request.patch('/api/invoice/update/', {
    headers,
    data: { id: invoice.id, customerID: customer.id, billerID: 1 },
  });

  await signIn(page);
  await page.goto(`/invoices?q=${encodeURIComponent(company)}`);
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNo });
  await expect(row).toContainText('My Company');

  // No keeps the biller.
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Transfer Biller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer Biller' });
  await expect(dialog).toContainText(`Move ${invoice.invoiceNo} from My Company to My Second Company?`);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  const unchanged = await (await request.post(`/api/invoice/summary/${invoice.id}/`, { headers })).json();
  expect(unchanged.invoiceSummary.billerID).toBe(1);

  // Yes moves it and says so.
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Transfer Biller' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `${invoice.invoiceNo} is now from My Second Company` }),
  ).toBeVisible();
  await expect(row).toContainText('My Second Company');
  const moved = await (await request.post(`/api/invoice/summary/${invoice.id}/`, { headers })).json();
  expect(moved.invoiceSummary.billerID).toBe(2);
});
