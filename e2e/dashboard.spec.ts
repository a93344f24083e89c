import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openFromMenu } from './menu';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/**
 * The e2e server starts without demo data, so the spec makes today's sales
 * itself: two invoices of products in two categories, one of them paid. The
 * figures other specs add to the same server only make the cards larger.
 */
async function todaysSales(request: APIRequestContext) {
  const headers = { Token: await apiToken(request) };
  const drinks = await createProduct(request, headers.Token, { name: uniqueName('Cola'), category: 'Drinks' });
  const snacks = await createProduct(request, headers.Token, {
    name: uniqueName('Chips'),
    category: 'Snacks',
    sellingPrice: 3,
  });
  const customer = await request.post('/api/customer/new/', {
    headers,
    data: { company: uniqueName('Corner Store'), name: 'Ann Lee' },
  });
  expect(customer.status(), await customer.text()).toBe(200);
  const invoices = [];
  for (const [product, customerID] of [
    [drinks, (await customer.json()).customer.id],
    [snacks, null],
  ] as const) {
    const invoice = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice;
    const set = (data: object) => request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, ...data } });
    expect((await set({ customerID })).status()).toBe(200);
    const line = await request.post('/api/invoice/insert/', {
      headers,
      data: { invoiceID: invoice.id, productID: product.id },
    });
    expect(line.status(), await line.text()).toBe(200);
    expect((await set({ status: 'DUE' })).status()).toBe(200);
    invoices.push({ id: invoice.id as number, invoiceNo: invoice.invoiceNo as string });
  }
  return invoices;
}

const card = (page: Page, label: string) => page.getByRole('region', { name: label });

test('the dashboard shows its four cards with numbers, three charts and the latest invoices', async ({
  page,
  request,
}) => {
  const [, walkIn] = await todaysSales(request);
  await signIn(page);
  await openFromMenu(page, 'Dashboard', 'Dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await expect(card(page, 'Revenue (last 14 days)').getByTestId('stat-value')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(card(page, 'Revenue (last 14 days)')).toContainText(/\d+ orders processed/);
  for (const label of ['Units sold this month', 'Invoices paid this month', 'Active customers this month']) {
    await expect(card(page, label).getByTestId('stat-value')).toHaveText(/^[\d,]+$/);
  }
  expect(Number(await card(page, 'Units sold this month').getByTestId('stat-value').textContent())).toBeGreaterThan(1);

  for (const chart of ['Sales trend (last 14 days)', 'Sales by category', 'Top 6 products this month']) {
    await expect(card(page, chart).locator('svg.recharts-surface').first()).toBeVisible();
  }
  await expect(card(page, 'Sales by category')).toContainText('Drinks');
  await card(page, 'Sales by category').getByRole('button', { name: 'Refresh' }).click();
  await expect(card(page, 'Sales by category')).toContainText('Snacks');

  const recent = card(page, 'Recent orders');
  const row = recent.getByRole('row').filter({ hasText: walkIn.invoiceNo });
  await expect(row).toContainText('Walk-in customer');
  await expect(row).toContainText('DUE');
  await expect(row).toContainText(/\d\d-\d\d-\d{4}/);
  // The header and at most five invoices (fewer while this server has fewer).
  expect(await recent.getByRole('row').count()).toBeLessThanOrEqual(6);

  await row.getByRole('link', { name: walkIn.invoiceNo }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${walkIn.id}$`));
});

test('View all goes to the invoice list', async ({ page, request }) => {
  await todaysSales(request);
  await signIn(page);
  await page.goto('/dashboard');
  await card(page, 'Recent orders').getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
});

test('the dashboard at 1440×900 and 1280×800 (screenshots to look at)', async ({ page, request }) => {
  // Two sizes, each drawn and captured whole: over 30 s on 2 busy cores.
  test.setTimeout(60_000);
  await todaysSales(request);
  await signIn(page);
  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/dashboard');
    // The chart draws once its month's figures arrive: on a busy machine (two flows at once beside
    // the server) that took more than the default 7 s.
    await expect(card(page, 'Top 6 products this month').locator('svg.recharts-surface').first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(card(page, 'Recent orders').getByRole('row')).not.toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
  }
  // Today's bar of the trend: its tooltip says the revenue in dollars and the orders as a count.
  const trend = card(page, 'Sales trend (last 14 days)');
  await trend.locator('.recharts-bar-rectangle').last().hover();
  const tooltip = trend.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toContainText(/Revenue \$[\d,]+\.\d\d/);
  await expect(tooltip).toContainText(/\d+ orders?/);
  await page.screenshot({ path: test.info().outputPath('dashboard-tooltip.png') });
});

test('a failing chart shows its error in its own card; the rest of the dashboard still loads', async ({ page }) => {
  await page.route('**/api/reports/salesByCategory/', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong on the server' } }),
  );
  await signIn(page);
  await page.goto('/dashboard');
  await expect(card(page, 'Sales by category').getByRole('alert')).toContainText('Something went wrong on the server', {
    timeout: 15_000,
  });
  await expect(card(page, 'Revenue (last 14 days)').getByTestId('stat-value')).toHaveText(/^\$/);
  await expect(card(page, 'Recent orders')).toBeVisible();
});
