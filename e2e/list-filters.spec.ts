import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, chooseOption, signIn, uniqueName } from './support';

/** Expenses of one name (the search finds them alone) on these dates, for these amounts. */
async function addExpenses(request: APIRequestContext, token: string, expense: string, items: [string, number][]) {
  for (const [date, amount] of items) {
    const res = await request.post('/api/expenses/insert/', {
      headers: { Token: token },
      data: { date, billerID: 2, expense, category: 'Truck', amount },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/**
 * A search still waiting to be sent (the box waits for the typing to stop) when a month and then a
 * year are picked: all three land in the address and the list. The waiting search used to start
 * from the address it was typed on and drop the month picked since.
 */
test('a waiting search, a month and a year picked quickly: every one lands', async ({ page, request }) => {
  const token = await apiToken(request);
  const expense = uniqueName('Filter fuel');
  await addExpenses(request, token, expense, [
    ['2025-07-03', 19.99],
    ['2025-07-31', 25],
    ['2025-08-01', 5],
    ['2024-07-15', 7],
  ]);
  await signIn(page);
  await page.goto('/expenses');
  await page.getByLabel('Search').fill(expense);
  await chooseOption(page, 'Month', 'July');
  await page.getByLabel('Year').fill('2025');
  await expect(page).toHaveURL(/month=7/);
  await expect(page).toHaveURL(/year=2025/);
  await expect(page).toHaveURL(/q=Filter\+fuel/);
  await expect(page.getByRole('row', { name: /EXP-/ })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /EXP-/ }).first()).toContainText('07-31-2025');
});

/**
 * On a phone a list's filters wait behind a button that counts the ones applied, so the first rows
 * show on the first screen; opened, they work as on a desk.
 */
test('on a phone the filters wait behind a button that counts them, and the rows show at once', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const expense = uniqueName('Phone fuel');
  await addExpenses(request, token, expense, [
    ['2025-07-03', 19.99],
    ['2025-07-31', 25],
    ['2025-08-01', 5],
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`/expenses?q=${encodeURIComponent(expense)}`);
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Year')).toHaveCount(0);
  const rows = page.getByRole('row', { name: /EXP-/ });
  await expect(rows).toHaveCount(3);
  // The first row is on the first screen, not under the filters.
  const top = (await rows.first().boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(top).toBeLessThan(844);

  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await chooseOption(page, 'Month', 'July');
  await page.getByLabel('Year').fill('2025');
  await expect(page).toHaveURL(/month=7/);
  await expect(page).toHaveURL(/year=2025/);
  await expect(rows).toHaveCount(2);
  const counted = page.getByRole('button', { name: 'Filters (2)' });
  await expect(counted).toBeVisible();
  // Closed again, the filters stay applied and counted.
  await counted.click();
  await expect(page.getByLabel('Year')).toHaveCount(0);
  await expect(counted).toHaveAttribute('aria-expanded', 'false');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('07-31-2025');
});
