import { expect, test } from '@playwright/test';
import { apiToken, chooseOption, signIn, uniqueName } from './support';

/**
 * A search still waiting to be sent (the box waits for the typing to stop) when a month and then a
 * year are picked: all three land in the address and the list. The waiting search used to start
 * from the address it was typed on and drop the month picked since.
 */
test('a waiting search, a month and a year picked quickly: every one lands', async ({ page, request }) => {
  const token = await apiToken(request);
  const expense = uniqueName('Filter fuel');
  for (const [date, amount] of [
    ['2025-07-03', 19.99],
    ['2025-07-31', 25],
    ['2025-08-01', 5],
    ['2024-07-15', 7],
  ] as const) {
    const res = await request.post('/api/expenses/insert/', {
      headers: { Token: token },
      data: { date, billerID: 2, expense, category: 'Truck', amount },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
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
