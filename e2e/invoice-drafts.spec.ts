import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openFromMenu } from './menu';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/** Opens New Invoice (or New Consignment) from the menu and answers the draft's id and number. */
async function openNewInvoice(page: Page, request: APIRequestContext, token: string, menu = 'New Invoice') {
  await openFromMenu(page, 'Invoices', menu);
  await expect(page).toHaveURL(/\/invoices\/edit\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const invoiceNo = await summary(request, token, id).then((s) => s.invoiceSummary.invoiceNo as string);
  await expect(page.getByTestId('invoice-no')).toHaveText(invoiceNo);
  return { id, invoiceNo };
}

async function summary(request: APIRequestContext, token: string, id: number) {
  const res = await request.post(`/api/invoice/summary/${id}/`, { headers: { Token: token } });
  return res.status() === 200 ? await res.json() : { status: res.status() };
}

async function createCustomer(request: APIRequestContext, token: string, company: string) {
  const res = await request.post('/api/customer/new/', { headers: { Token: token }, data: { company } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).customer as { id: number; company: string };
}

test('New Invoice then Back leaves no empty draft; a draft with a customer is kept', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const customer = await createCustomer(request, token, `${uniqueName('Draft')} Deli`);
  await signIn(page);

  // Untouched: Back, and the list no longer has it (the server removed it).
  const empty = await openNewInvoice(page, request, token);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  await expect(page.getByText(/Showing \d+ of [\d,]+ results/)).toBeVisible();
  await expect(page.getByText(empty.invoiceNo, { exact: true })).toHaveCount(0);
  await expect.poll(async () => (await summary(request, token, empty.id)).status).toBe(404);

  // With a customer picked: Back keeps it, at the top of the list.
  const kept = await openNewInvoice(page, request, token);
  const picker = page.getByRole('combobox', { name: 'Customer' });
  await picker.click();
  await picker.fill(customer.company);
  await page.getByRole('option', { name: customer.company }).click();
  await expect(picker).toHaveValue(customer.company);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  await expect(page.getByText(/Showing \d+ of [\d,]+ results/)).toBeVisible();
  await expect(page.getByText(kept.invoiceNo, { exact: true })).toBeVisible();
  const stored = await summary(request, token, kept.id);
  expect(stored.invoiceSummary).toMatchObject({ status: 'NEW', customer: customer.company });
});

test('reloading an untouched draft opens a fresh one; the old one is gone', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  await signIn(page);
  const first = await openNewInvoice(page, request, token);
  await page.reload();
  await expect(page).not.toHaveURL(new RegExp(`/invoices/edit/${first.id}$`));
  await expect(page).toHaveURL(/\/invoices\/edit\/\d+$/);
  await expect(page.getByTestId('invoice-no')).not.toHaveText(first.invoiceNo);
  await expect.poll(async () => (await summary(request, token, first.id)).status).toBe(404);
});

test('reloading a draft with a line keeps it: the same invoice and its line', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const name = uniqueName('Kept');
  const product = await createProduct(request, token, { name });
  await signIn(page);
  const draft = await openNewInvoice(page, request, token);
  // Nothing to pay yet: Add Payment waits for a line (Alt+P opens nothing either).
  const addPayment = page.locator('#root').getByRole('button', { name: 'Add Payment' });
  await expect(addPayment).toBeDisabled();
  await page.getByTestId('scan-box').press('Alt+p');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const line = await request.post('/api/invoice/insert/', {
    headers: { Token: token },
    data: { invoiceID: draft.id, productID: product.id },
  });
  expect(line.status(), await line.text()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/invoices/edit/${draft.id}$`));
  await expect(page.getByTestId('invoice-no')).toHaveText(draft.invoiceNo);
  await expect(page.getByText(name)).toBeVisible();
  await expect(addPayment).toBeEnabled();
  expect((await summary(request, token, draft.id)).invoiceSummary.status).toBe('NEW');
});

test('the edit header shows number, type, status and paid as text, and no Due while NEW', async ({ page, request }) => {
  const token = await apiToken(request);
  await signIn(page);
  const { invoiceNo } = await openNewInvoice(page, request, token, 'New Consignment');
  await expect(page.getByTestId('invoice-no')).toHaveText(invoiceNo);
  await expect(page.getByRole('textbox', { name: 'Invoice no' })).toHaveCount(0);
  await expect(page.getByTestId('invoice-type')).toHaveText('Consignment');
  await expect(page.getByTestId('invoice-status')).toHaveText('NEW');
  await expect(page.getByTestId('invoice-consignment-status')).toHaveText('DUE');
  await expect(page.getByTestId('invoice-paid')).toHaveText('$0.00');
  await expect(page.getByRole('textbox', { name: 'Paid' })).toHaveCount(0);
  await expect(page.getByTestId('invoice-due')).toHaveCount(0);
});

test('the customer picker opens on the first customers by company, searchable, walk-in when asked for', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const mine = await createCustomer(request, token, `${uniqueName('Picker')} Grocers`);
  const first = (
    await (await request.post('/api/customer/all/', { headers: { Token: token }, data: { resultsPerPage: 1 } })).json()
  ).customers[0] as { company: string };
  await signIn(page);
  await openNewInvoice(page, request, token);
  const picker = page.getByRole('combobox', { name: 'Customer' });
  await picker.click();
  await expect(page.getByRole('option', { name: 'Walk-in customer' })).toBeVisible();
  await expect(page.getByRole('option', { name: first.company, exact: true })).toBeVisible();
  await picker.fill(mine.company);
  await expect(page.getByRole('option', { name: mine.company })).toBeVisible();
  await expect(page.getByRole('option', { name: first.company, exact: true })).toHaveCount(
    first.company === mine.company ? 1 : 0,
  );
  // A store's name is typed: the walk-in customer is not offered (Enter must never pick it by mistake).
  await expect(page.getByRole('option', { name: 'Walk-in customer' })).toHaveCount(0);
  await picker.fill('walk-in');
  await expect(page.getByRole('option', { name: 'Walk-in customer' })).toBeVisible();
});
