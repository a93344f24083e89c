import { expect, type Page, test } from '@playwright/test';
import { apiCall, apiToken, signIn, uniqueName } from './support';

/** Console messages of a refused script or style (the frame's inline script is allowed by its hash). */
function policyComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

const shellTitles = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('wd.shell') ?? 'null') as { titles: object } | null)?.titles);

test('the office frame and the page title paint before the scripts, and give way to the page', async ({ page }) => {
  const complaints = policyComplaints(page);
  await signIn(page);
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  expect(await shellTitles(page)).toMatchObject({ '/invoices': 'Invoices' });

  // Before the scripts: the frame with the title, hidden from assistive technology (it is a picture
  // of the page to come, not the page).
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/invoices');
  await expect(page.locator('#wd-shell h1')).toHaveText('Invoices');
  await expect(page.locator('#wd-shell')).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('#wd-shell')).toContainText('Wholesale Desk');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toHaveCount(0);
  // An address not shown before gets the plain start-up screen.
  await page.goto('/customers');
  await expect(page.locator('#wd-shell')).toHaveCount(0);
  await expect(page.locator('.wd-boot')).toHaveText('Wholesale Desk');

  // With the scripts: the page replaces the frame, in the same place.
  await page.unroute('**/assets/*.js');
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.locator('#wd-shell')).toHaveCount(0);
  await expect(page.getByRole('table')).toBeVisible();

  // Signing out forgets the titles: the next load shows no office frame.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await shellTitles(page)).toBeUndefined();
  await page.goto('/invoices');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.locator('#wd-shell')).toHaveCount(0);
  expect(complaints).toEqual([]);
});

test("a row's ⋯ menu opens from the keyboard and gives the focus back", async ({ page, request }) => {
  const token = await apiToken(request);
  const company = uniqueName('Frame Mart');
  const { customer } = await apiCall(request, token, '/api/customer/new/', { company });
  const { invoice } = await apiCall(request, token, '/api/invoice/new/invoice/', {});
  await apiCall(request, token, '/api/invoice/update/', { id: invoice.id, customerID: customer.id }, 'patch');
  await signIn(page);
  await page.goto(`/invoices?customer=${customer.id}`);
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNo });
  const more = row.getByRole('button', { name: 'More actions' });
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');

  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Add Payment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'More actions' })).toBeFocused();

  // From then on it is the usual menu: Enter opens it again.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Add Payment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: 'More actions' })).toBeFocused();

  // Another row's menu opens on a first click as well, already open.
  await page.goto(`/invoices?customer=${customer.id}`);
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'View', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
});
