import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { agingFixture, daysAgo, today, typed } from './receivables.fixtures';
import { signIn } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pw-statement';

test('a customer’s statement: opening balance, the period’s invoices and payments, the closing balance, print, PDF and e-mail', async ({
  page,
  request,
}) => {
  const f = await agingFixture(request);
  // The 100-day-old invoice ($5.00) is paid today.
  const paid = await request.post('/api/payment/insert/', {
    headers: f.headers,
    data: { invoiceID: f.old, date: today(), paymentType: 'cash', amountPaid: 5 },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await signIn(page);
  await page.goto(`/customers?q=${encodeURIComponent(f.customer.company)}`);
  const row = page.getByRole('row').filter({ hasText: f.customer.company });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Statement' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${f.customer.id}/statement`));
  await expect(page).toHaveTitle(/^Statement \|/);

  // Default period: this month up to today.
  const statement = page.getByTestId('statement');
  await expect(statement).toContainText(f.customer.company);
  await expect(page.getByTestId('statement-period')).toHaveText(
    `${typed(`${today().slice(0, 8)}01`)} to ${typed(today())}`,
  );

  // The last 30 days: opened with the old invoice's $5.00, then +$4.50, then the $5.00 payment.
  await page.getByLabel('Start date').fill(typed(daysAgo(30)));
  await page.getByLabel('Start date').press('Enter');
  await expect(page).toHaveURL(new RegExp(`start=${daysAgo(30)}`));
  await expect(page.getByTestId('statement-opening')).toHaveText('$5.00');
  const rows = statement.locator('tbody tr');
  await expect(rows).toHaveCount(3 + 4);
  await expect(rows.nth(1)).toContainText(typed(daysAgo(10)));
  await expect(rows.nth(1)).toContainText('$4.50');
  await expect(rows.nth(1)).toContainText('$9.50');
  await expect(rows.nth(2)).toContainText('Payment');
  await expect(rows.nth(2)).toContainText('$5.00');
  await expect(page.getByTestId('statement-closing')).toHaveText('$4.50');
  await page.screenshot({ path: `${SHOTS}/statement.png`, fullPage: true });

  // Print shows only the statement.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await expect(page.getByTestId('statement-closing')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('button', { name: 'E-mail' }).click();
  await expect(page.getByText('The statement was sent to office@aging-mart.test')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-.*\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', (await file.path()) as string, '-']).toString();
  expect(text).toContain('Statement of Account');
  expect(text).toContain(f.customer.company);
  expect(text).toMatch(/Closing balance\s+\$4\.50/);
});

test('the customer view offers the statement and Receive Payment', async ({ page, request }) => {
  const f = await agingFixture(request);
  await signIn(page);
  await page.goto(`/customers/${f.customer.id}`);
  await page.getByRole('button', { name: 'Receive Payment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(f.customer.company);
  // Its open invoices, oldest first: the 100-day-old one, then the 10-day-old one.
  await expect(dialog).toContainText(typed(daysAgo(100)));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Statement' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${f.customer.id}/statement`));
  await expect(page.getByTestId('statement-closing')).toBeVisible();
});
