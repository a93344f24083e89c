import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, businessDay, createProduct, signIn, uniqueName } from './support';

/** A submitted (DUE) invoice of one line for `customerID`, dated `date`, through the API. */
async function datedInvoice(request: APIRequestContext, token: string, customerID: number, date: string) {
  const headers = { Token: token };
  const product = await createProduct(request, token, { name: uniqueName('Dated item'), sellingPrice: 12 });
  const invoice = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice as {
    id: number;
  };
  const header = await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, customerID, date } });
  expect(header.status(), await header.text()).toBe(200);
  await request.post('/api/invoice/insert/', { headers, data: { invoiceID: invoice.id, productID: product.id } });
  const submit = await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, status: 'DUE' } });
  expect(submit.status(), await submit.text()).toBe(200);
  return invoice.id;
}

const dateField = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test('date filters and fields show and take MM-DD-YYYY; an impossible date is flagged, not dropped', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const tag = uniqueName('Dates');
  const customer = (
    await (
      await request.post('/api/customer/new/', { headers: { Token: token }, data: { company: `${tag} Deli` } })
    ).json()
  ).customer as { id: number };
  const november = await datedInvoice(request, token, customer.id, '2026-11-03');
  await datedInvoice(request, token, customer.id, '2026-10-15');

  // The list filter: typed as MM-DD-YYYY, sent as YYYY-MM-DD.
  await signIn(page);
  await page.goto(`/invoices?q=${encodeURIComponent(tag)}`);
  await expect(page.getByText('Showing 2 of 2 results')).toBeVisible();
  const start = dateField(page, 'Start date');
  await expect(start).toHaveValue(/^\d{2}-\d{2}-\d{4}$/); // the default: three years back
  await start.fill('11-03-2026');
  await start.press('Tab');
  await expect(start).toHaveValue('11-03-2026');
  await expect(page).toHaveURL(/startDate=2026-11-03/);
  await expect(page.getByText('Showing 1 of 1 results')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '11-03-2026' })).toHaveCount(1);

  // The calendar picks a day too: November 2nd as the end date leaves nothing.
  const end = dateField(page, 'End date');
  await end.click();
  await page.getByRole('button', { name: /^2 November 2026$/ }).click();
  await expect(end).toHaveValue('11-02-2026');
  await expect(page).toHaveURL(/endDate=2026-11-02/);
  await expect(page.getByText('Showing 0 of 0 results')).toBeVisible();

  // February 30th: the text stays, an error says why, and the end date is no longer applied.
  await end.fill('02-30-2026');
  await end.press('Tab');
  await expect(end).toHaveValue('02-30-2026');
  await expect(page.getByText('Enter a valid date as MM-DD-YYYY')).toBeVisible();
  await expect(page).not.toHaveURL(/endDate=2026/);
  await expect(page.getByText('Showing 1 of 1 results')).toBeVisible();

  // The edit-invoice header: the invoice's date as MM-DD-YYYY; a typed one is saved.
  await page.goto(`/invoices/edit/${november}`);
  const date = dateField(page, 'Date');
  await expect(date).toHaveValue('11-03-2026');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/invoice/update/') && r.status() === 200);
  await date.fill('11-04-2026');
  await saved;
  await date.press('Tab');
  await page.reload();
  await expect(dateField(page, 'Date')).toHaveValue('11-04-2026');

  // The payment modal: today as MM-DD-YYYY.
  await page.locator('#root').getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Date', exact: true })).toHaveValue(
    businessDay(0, true),
  );
});

/**
 * A browser whose own date is not the business's: 20 hours ahead of Chicago from 6 AM there, 6
 * hours behind it before (either way a different day).
 */
const chicagoHour = Number(
  new Date().toLocaleString('en-US', { timeZone: 'America/Chicago', hour: 'numeric', hourCycle: 'h23' }),
);
const elsewhere = chicagoHour >= 6 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';

test.describe(`a browser in ${elsewhere}`, () => {
  test.use({ timezoneId: elsewhere });

  test("today is the business's date, not the browser's", async ({ page }) => {
    const browserToday = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expect(browserToday).not.toBe(businessDay());
    await signIn(page);
    await page.goto('/routes/today');
    await expect(dateField(page, 'Day')).toHaveValue(businessDay(0, true));
    await page.goto('/expenses/new');
    await expect(dateField(page, 'Date')).toHaveValue(businessDay(0, true));
  });
});
