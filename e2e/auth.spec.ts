import { expect, test } from '@playwright/test';
import { menuLink } from './menu';
import { ADMIN, createUser, signIn, uniqueName } from './support';

test('a visitor is sent to sign in, which has no menu or top bar', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/signin$/i);
  await expect(page).toHaveTitle('Sign In | Wholesale Desk');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(page.getByLabel('Side menu')).toHaveCount(0);
});

test('a wrong password stays on sign in and says so', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password');
  await expect(page).toHaveURL(/\/signin$/i);
});

test('the show-password toggle reveals the password', async ({ page }) => {
  await page.goto('/signin');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-text');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('sign in shows the shell; sign out returns to sign in', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page).toHaveTitle('Invoices | Wholesale Desk');
  await expect(page.getByTestId('admin-avatar')).toBeVisible();
  await expect(await menuLink(page, 'Users', 'All Users')).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Wholesale Desk`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/invoices/new');

  // Signed in, /signin sends back to /.
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/invoices$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/i);
  await page.goto('/invoices');
  await expect(page).toHaveURL(/\/signin$/i);
});

test('a reload keeps the session', async ({ page }) => {
  await signIn(page);
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText(ADMIN.username);
});

test('change password, then sign in with the new one', async ({ page, request }) => {
  const username = uniqueName('changer');
  await createUser(request, username, 'first-password');

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/changePassword$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Current password', { exact: true }).fill('first-password');
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('second-passwort');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password', { exact: true }).fill('second-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/signin$/i);

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('first-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Wrong username or password');

  await signIn(page, username, 'second-password');
  await expect(page.getByTestId('user-avatar')).toBeVisible();
});

test('removing the token in another tab signs this tab out', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first);
  const second = await context.newPage();
  await second.goto('/invoices');
  await expect(second.getByTestId('user-name')).toHaveText(ADMIN.username);

  await second.evaluate(() => localStorage.removeItem('token'));
  await expect(first).toHaveURL(/\/signin$/i);
  await expect(first.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('an unknown address inside the app shows a not-found page', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
