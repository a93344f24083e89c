import { expect, test } from '@playwright/test';
import { openFromMenu } from './menu';
import { apiToken, createProduct, createUser, signIn, uniqueName } from './support';

test('the audit trail shows a price change made in the test, with who made it, and filters to that product', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const name = uniqueName('Audited Cola');
  const product = await createProduct(request, token, { name, sellingPrice: 1.5 });
  const changed = await request.patch('/api/product/update/', {
    headers: { Token: token },
    data: {
      id: product.id,
      name,
      barcodeSymbology: 'upca',
      barcode: product.barcode,
      costPrice: 1,
      sellingPrice: 2.25,
      suggestedRetailPrice: 1.99,
    },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await signIn(page);
  await openFromMenu(page, 'Audit', 'Audit Trail');
  await expect(page).toHaveTitle(/^Audit Trail \|/);
  await page.getByLabel('Search').fill(name);
  await page.getByLabel('Search').press('Enter');
  const update = page
    .getByRole('row')
    .filter({ hasText: 'update' })
    .filter({ hasText: `product #${product.id}` });
  await expect(update).toHaveCount(1);
  await expect(update).toContainText('admin');
  await expect(update.getByTestId('audit-changes')).toContainText('sellingPrice: 1.5 → 2.25');
  const created = page
    .getByRole('row')
    .filter({ hasText: 'create' })
    .filter({ hasText: `product #${product.id}` });
  await expect(created.getByTestId('audit-changes')).toContainText(`name: ${name}`);
  await page.screenshot({ path: `${process.env.SHOTS_DIR ?? '/tmp/pw-audit'}/audit.png` });

  // The Action filter keeps the update only; it lives in the URL.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'update', exact: true }).click();
  await expect(page).toHaveURL(/action=update/);
  await expect(page.getByRole('row').filter({ hasText: `product #${product.id}` })).toHaveCount(1);

  // The product's own History: its entries only, from the product screen.
  await page.goto(`/products/${product.id}`);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?entity=product&entityId=${product.id}$`));
  await expect(page.getByText('Showing 2 of 2 results')).toBeVisible();
  await expect(page.getByTestId('audit-changes').first()).toContainText('sellingPrice: 1.5 → 2.25');
});

test('the audit trail is for admins: a user has no menu entry and the API refuses', async ({ page, request }) => {
  const username = uniqueName('clerk').toLowerCase();
  await createUser(request, username, 'clerk-password-1');
  await signIn(page, username, 'clerk-password-1');
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Audit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
  // No History on a record's screen either.
  const product = await createProduct(request, await apiToken(request), { name: uniqueName('Clerk Cola') });
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Barcode', exact: true })).toHaveValue(product.barcode);
  await expect(page.getByRole('link', { name: 'History' })).toHaveCount(0);
  const clerkToken = await apiToken(request, username, 'clerk-password-1');
  expect((await request.post('/api/audit/all', { headers: { Token: clerkToken }, data: {} })).status()).toBe(403);
});
