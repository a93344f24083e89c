import { expect, test } from '@playwright/test';
import { openFromMenu } from './menu';
import { createUser, signIn, uniqueName } from './support';

test('admin creates a user, who signs in and can not open /users', async ({ page, browser }) => {
  const username = uniqueName('clerk');
  await signIn(page);
  await openFromMenu(page, 'Users', 'New User');
  await expect(page).toHaveURL(/\/users\/new$/);
  await expect(page).toHaveTitle('New User | Wholesale Desk');

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel(/^Password/).fill('clerk-password');
  await page.getByLabel('Confirm password', { exact: true }).fill('clerk-password');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/users$/);
  const row = page.getByRole('row', { name: new RegExp(username) });
  await expect(row).toContainText(`${username}@example.com`);
  await expect(row).toContainText('user');
  await expect(page.getByText(/Showing ([\d,]+) of \1 results/)).toBeVisible();

  const clerk = await browser.newContext();
  const clerkPage = await clerk.newPage();
  await signIn(clerkPage, username, 'clerk-password');
  await expect(clerkPage.getByTestId('user-avatar')).toBeVisible();
  // Users is an admin's section: a clerk's menu has no such section to open.
  await expect(clerkPage.getByLabel('Side menu').getByRole('button', { name: 'Users', exact: true })).toHaveCount(0);
  await clerkPage.goto('/users');
  await expect(clerkPage).toHaveURL(/\/invoices$/);
  await clerkPage.goto('/users/new');
  await expect(clerkPage).toHaveURL(/\/invoices$/);
  await clerk.close();
});

test('a taken username is refused on the field', async ({ page }) => {
  await signIn(page);
  await page.goto('/users/new');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel(/^Password/).fill('whatever-password');
  await page.getByLabel('Confirm password', { exact: true }).fill('whatever-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This username is already taken')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/new$/);
});

test('view is read-only with Edit; edit saves and returns to the list', async ({ page, request }) => {
  const username = uniqueName('viewer');
  const user = await createUser(request, username, 'viewer-password');
  await signIn(page);
  await page.goto(`/users/${user.id}`);
  await expect(page).toHaveTitle('User | Wholesale Desk');
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/edit/${user.id}$`));
  await page.getByLabel('Email').fill(`${username}@shop.example`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText(`${username}@shop.example`);
});

test('a missing user says so', async ({ page }) => {
  await signIn(page);
  await page.goto('/users/edit/987654');
  await expect(page.getByRole('alert')).toHaveText("The user doesn't exist");
});

test('search and sort live in the URL and survive a reload', async ({ page, request }) => {
  const prefix = uniqueName('sorter');
  for (const suffix of ['a', 'b', 'c']) await createUser(request, `${prefix}${suffix}`, 'sorter-password');
  await signIn(page);
  await page.goto('/users');
  await page.getByLabel('Search').fill(prefix);
  await expect(page).toHaveURL(new RegExp(`q=${prefix.replace('.', '\\.')}`));
  const names = page.locator('tbody tr td:first-child');
  await expect(names).toHaveText([`${prefix}a`, `${prefix}b`, `${prefix}c`]);

  const header = page.getByRole('button', { name: 'Sort by Username' });
  await header.click(); // ascending
  await expect(page).toHaveURL(/sort=username\.asc/);
  await header.click(); // descending
  await expect(page).toHaveURL(/sort=username\.desc/);
  await expect(names).toHaveText([`${prefix}c`, `${prefix}b`, `${prefix}a`]);

  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue(prefix);
  await expect(names).toHaveText([`${prefix}c`, `${prefix}b`, `${prefix}a`]);

  await header.click(); // none
  await expect(page).not.toHaveURL(/sort=/);
});

for (const slow of [true, false]) {
  test(`a row link clicked while a typed search waits still opens that row (${slow ? 'slow' : 'fast'} page code)`, async ({
    page,
  }) => {
    await signIn(page);
    // A slow network: the edit page's code arrives after the search's 300 ms pause.
    if (slow) {
      await page.route(/UserForm(Page)?-.*\.js$/, async (route) => {
        await new Promise((r) => setTimeout(r, 1000));
        await route.continue();
      });
    }
    await page.goto('/users');
    const adminRow = page.getByRole('row', { name: /^admin\b/ });
    await expect(adminRow).toBeVisible();
    await page.getByLabel('Search').fill('adm');
    await adminRow.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/users\/edit\/\d+$/);
    // Past the search's pause: the page stays where the click went.
    await page.waitForTimeout(800);
    await expect(page).toHaveURL(/\/users\/edit\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  });
}
