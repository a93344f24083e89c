import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { openFromMenu } from './menu';
import { agingFixture, daysAgo, today, typed } from './receivables.fixtures';
import { signIn } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pw-aging';

test('Aging shows a customer’s balances by age, moves them with the as-of date and after a payment, and exports CSV', async ({
  page,
  request,
}) => {
  const f = await agingFixture(request);
  await signIn(page);
  await openFromMenu(page, 'Reports', 'Aging');
  await expect(page).toHaveTitle(/^Aging \|/);
  await page.getByLabel('Search').fill(f.customer.company);
  await page.getByLabel('Search').press('Enter');

  const row = page.locator('.report-screen tbody tr').filter({ hasText: f.customer.company });
  const cells = async () => (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  /** The money cells: 0-30, 31-60, 61-90, over 90, total. */
  const money = async () => (await cells()).filter((t) => t.startsWith('$'));
  await expect(row).toHaveCount(1);
  // Customer, open invoices, oldest, 0-30, 31-60, 61-90, over 90, total.
  await expect
    .poll(cells)
    .toEqual(
      expect.arrayContaining([f.customer.company, '2', typed(daysAgo(100)), '$4.50', '$0.00', '$5.00', '$9.50']),
    );
  expect(await money()).toEqual(['$4.50', '$0.00', '$0.00', '$5.00', '$9.50']);

  await page.screenshot({ path: `${SHOTS}/aging.png` });

  // As of 30 days ago: only the old invoice existed, then 70 days old.
  await page.getByLabel('As of').fill(typed(daysAgo(30)));
  await page.getByLabel('As of').press('Enter');
  await expect.poll(money).toEqual(['$0.00', '$0.00', '$5.00', '$0.00', '$5.00']);
  await expect(page).toHaveURL(new RegExp(`asOf=${daysAgo(30)}`));

  // Back to today; the old invoice is paid: nothing is over 90 days any more.
  await page.getByLabel('As of').fill('');
  await page.getByLabel('As of').press('Enter');
  const paid = await request.post('/api/payment/insert/', {
    headers: f.headers,
    data: { invoiceID: f.old, date: today(), paymentType: 'cash', amountPaid: 5 },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.reload();
  await expect.poll(money).toEqual(['$4.50', '$0.00', '$0.00', '$0.00', '$4.50']);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`aging-${today()}.csv`);
  const rows = parse(await readFile((await file.path()) as string, 'utf8'), { bom: true }) as string[][];
  expect(rows[0]).toEqual([
    'Customer',
    'Customer ID',
    'Open Invoices',
    'Oldest Invoice',
    '0-30 days',
    '31-60 days',
    '61-90 days',
    'Over 90 days',
    'Total Due',
  ]);
  expect(rows[1]).toEqual([
    f.customer.company,
    String(f.customer.id),
    '1',
    daysAgo(10),
    '4.50',
    '0.00',
    '0.00',
    '0.00',
    '4.50',
  ]);
  expect(rows.at(-1)?.[0]).toBe('Totals');
});
