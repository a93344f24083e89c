import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { products } from './invoice-documents.fixtures';
import { apiToken, signIn, uniqueName } from './support';

/** Dates count from the server's today (the business's time zone), as the report does. */
let today = '';
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** MM-DD-YYYY, as the date fields show and take dates. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pw-aging';
const typed = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

/** One customer with a DUE invoice 100 days old (4 × $1.25) and one 10 days old (2 × $2.25). */
async function agingFixture(request: APIRequestContext) {
  const headers = { Token: await apiToken(request) };
  const tag = uniqueName('Aging');
  today = (await (await request.post('/api/reports/aging', { headers, data: { resultsPerPage: 1 } })).json()).asOf;
  const items = await products(request, headers.Token, tag, 2);
  const customer = (
    await (await request.post('/api/customer/new/', { headers, data: { company: `${tag} Mart` } })).json()
  ).customer as { id: number; company: string };
  const invoice = async (date: string, item: number, quantity: number) => {
    const { id } = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice;
    expect(
      (await request.patch('/api/invoice/update/', { headers, data: { id, customerID: customer.id, date } })).ok(),
    ).toBe(true);
    const line = (
      await (
        await request.post('/api/invoice/insert/', { headers, data: { invoiceID: id, productID: items[item].id } })
      ).json()
    ).invoiceItem;
    await request.patch('/api/invoice/update/item/', { headers, data: { id: line.id, invoiceID: id, quantity } });
    expect((await request.patch('/api/invoice/update/', { headers, data: { id, status: 'DUE' } })).ok()).toBe(true);
    return id as number;
  };
  const old = await invoice(daysAgo(100), 0, 4);
  await invoice(daysAgo(10), 1, 2);
  return { headers, customer, old };
}

test('Aging shows a customer’s balances by age, moves them with the as-of date and after a payment, and exports CSV', async ({
  page,
  request,
}) => {
  const f = await agingFixture(request);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Aging', exact: true }).click();
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
    data: { invoiceID: f.old, date: today, paymentType: 'cash', amountPaid: 5 },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.reload();
  await expect.poll(money).toEqual(['$4.50', '$0.00', '$0.00', '$0.00', '$4.50']);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`aging-${today}.csv`);
  const rows = parse(await readFile((await file.path()) as string, 'utf8')) as string[][];
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
