import { type APIRequestContext, expect, test } from '@playwright/test';
import { openFromMenu } from './menu';
import { apiToken, createUser, signIn, uniqueName } from './support';

/** Puts the settings back, so specs running beside this one see the defaults again. */
async function resetSettings(request: APIRequestContext) {
  const token = await apiToken(request);
  const res = await request.patch('/api/settings/update/', {
    headers: { Token: token },
    data: { resultsPerPage: 10, pagesDisplayed: 5 },
  });
  expect(res.status()).toBe(200);
}

test('an admin sets Results Per Page to 25: the invoice list shows 25 rows and the Show selector says 25', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const headers = { Token: await apiToken(request) };
  for (let i = 0; i < 30; i++) {
    expect((await request.post('/api/invoice/new/invoice/', { headers })).status()).toBe(200);
  }
  try {
    await signIn(page);
    await openFromMenu(page, 'Settings', 'Settings');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'General Settings' })).toBeVisible();
    const perPage = page.getByRole('region', { name: 'General Settings' }).getByLabel('Results Per Page');
    await expect(perPage).toHaveValue('10');
    await perPage.fill('25');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.goto('/invoices');
    await expect(page.getByText(/^Showing 25 of [\d,]+ results$/)).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(25);
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('25');
    await expect(page).not.toHaveURL(/size=/);
    // The selector still offers the usual sizes; 10 is now a choice away from the default.
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(page.locator('tbody tr')).toHaveCount(10);
    await expect(page).toHaveURL(/size=10/);
  } finally {
    await resetSettings(request);
  }
});

test('two admins save different settings from pages opened at once: both changes are kept', async ({
  browser,
  request,
}) => {
  const [first, second] = [await browser.newPage(), await browser.newPage()];
  try {
    for (const page of [first, second]) {
      await signIn(page);
      await page.goto('/settings');
      await expect(page.getByRole('region', { name: 'General Settings' }).getByLabel('Results Per Page')).toHaveValue(
        '10',
      );
    }
    const general = (page: typeof first) => page.getByRole('region', { name: 'General Settings' });
    await general(first).getByLabel('Results Per Page').fill('25');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('Settings saved')).toBeVisible();
    // The second page still shows 10 results per page; its admin changes only the pages displayed.
    await general(second).getByLabel('Pages Displayed').fill('7');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('Settings saved')).toBeVisible();

    const res = await request.get('/api/settings/', { headers: { Token: await apiToken(request) } });
    expect(res.status()).toBe(200);
    expect((await res.json()).settings).toMatchObject({ resultsPerPage: 25, pagesDisplayed: 7 });
    await first.reload();
    await expect(general(first).getByLabel('Results Per Page')).toHaveValue('25');
    await expect(general(first).getByLabel('Pages Displayed')).toHaveValue('7');
  } finally {
    await first.context().close();
    await second.context().close();
    await resetSettings(request);
  }
});

test('a user who is not an admin sees the settings read-only and no Settings in the menu', async ({
  page,
  request,
}) => {
  const username = uniqueName('reader');
  await createUser(request, username, 'reader-password-1');
  await signIn(page, username, 'reader-password-1');
  // No Settings section in a user's menu (sections fold, so the section's button is what would show).
  await expect(
    page.getByRole('navigation', { name: 'Side menu' }).getByRole('button', { name: 'Settings', exact: true }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Side menu' }).getByRole('button', { name: 'Invoices' }),
  ).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText('Only an administrator can change the settings.')).toBeVisible();
  const perPage = page.getByRole('region', { name: 'General Settings' }).getByLabel('Results Per Page');
  await expect(perPage).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Show Damaged Goods by Default')).toBeDisabled();
  await expect(page.getByLabel('Sender address')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
