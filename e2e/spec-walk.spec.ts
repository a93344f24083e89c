import { expect, type Page, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/** Every screen and route, walked against the app: the points that once differed. */

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a new page starts at the top; Back in the browser returns to where the list was', async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = uniqueName('Scroll');
  for (let i = 0; i < 10; i += 1) await createProduct(request, token, { name: `${tag} ${i}` });
  await page.setViewportSize({ width: 1280, height: 420 });
  await signIn(page);
  await page.goto('/products');
  await expect(page.getByText(/Showing 10 of [\d,]+ results/)).toBeVisible();

  // Scroll again on each poll: on a busy machine the list may still be growing when the first scroll
  // runs, or the page's first render may still reset the scroll. The position kept is one that held for
  // a moment, read in the same poll.
  await page.waitForLoadState('networkidle');
  let listScroll = 0;
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(250);
      listScroll = await scrollY(page);
      return listScroll;
    })
    .toBeGreaterThan(100);
  await page.getByRole('link', { name: 'View' }).last().click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await expect.poll(() => scrollY(page)).toBe(0);

  // The form's Back is a new navigation to /products: it starts at the top too (it used to land scrolled).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  // The browser's Back twice: the list, scrolled as the user left it.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => scrollY(page)).toBe(listScroll);
});

test("a list's own changes keep the scroll: the next page of a long list", async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = uniqueName('Pager');
  for (let i = 0; i < 20; i += 1) await createProduct(request, token, { name: `${tag} ${String(i).padStart(2, '0')}` });
  await page.setViewportSize({ width: 1280, height: 420 });
  await signIn(page);
  await page.goto(`/products?q=${encodeURIComponent(tag)}&sort=name.asc`);
  await expect(page.getByText('Showing 10 of 20 results')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).scrollIntoViewIfNeeded();
  const before = await scrollY(page);
  expect(before).toBeGreaterThan(100);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`${tag} 19`) })).toBeVisible();
  expect(await scrollY(page)).toBe(before);

  // The shared list layout: sorting cycles ascending, descending, none; each change and a search return to page 1.
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(page).toHaveURL(/sort=name\.desc/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByRole('row', { name: new RegExp(`${tag} 19`) })).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(page).not.toHaveURL(/sort=|page=/);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await page.getByLabel('Search').fill(`${tag} 1`);
  await page.getByLabel('Search').press('Enter');
  await expect(page.getByText('Showing 10 of 10 results')).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
});

test("the biller edit screen words a missing biller 'The buyer doesn't exist'", async ({ page }) => {
  await signIn(page);
  await page.goto('/billers/edit/987654');
  await expect(page.getByText("The buyer doesn't exist")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/billers');
  // The view screen keeps the biller's own wording.
  await page.goto('/billers/987654');
  await expect(page.getByText("The biller doesn't exist")).toBeVisible();
});

test('a customer price group’s items list has Add New (the default group has none) and Back', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const res = await request.post('/api/priceGroup/new/', {
    headers: { Token: token },
    data: { name: uniqueName('Walk group') },
  });
  expect(res.status(), await res.text()).toBe(200);
  const group = (await res.json()).priceGroup as { id: number; name: string };

  await signIn(page);
  await page.goto(`/priceGroups/${group.id}`);
  await expect(page.getByRole('heading', { name: group.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/priceGroups');
  await page.getByRole('link', { name: 'Add New' }).click();
  await expect(page).toHaveURL(new RegExp(`/priceGroups/${group.id}/add$`));

  await page.goto('/priceGroups/1');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/priceGroups');
  await expect(page.getByRole('link', { name: 'Add New' })).toHaveCount(0);
});

test('the invoice list shows Back when it is empty; Back undoes the search', async ({ page }) => {
  await signIn(page);
  await page.goto('/invoices');
  await page.getByLabel('Search').fill('no-such-invoice-anywhere');
  await page.getByLabel('Search').press('Enter');
  await expect(page.getByText('No invoices')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});
