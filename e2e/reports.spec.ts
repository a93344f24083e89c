import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { invoiceFixture, printed, products, stubPrint } from './invoice-documents.fixtures';
import { openFromMenu } from './menu';
import { apiToken, signIn, uniqueName } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pw-reports';
/** A month's name (1 → January), as the Month select shows it. */
const monthName = (n: number) =>
  new Date(Date.UTC(2000, n - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

/**
 * Two products, two customers' invoices: this month 3 × item 1 ($1.25) and
 * 2 × item 2 ($2.25) with one damaged item 1 returned; in January 2024
 * 4 × item 2, so a month filter tells them apart. Every product costs $1.
 */
async function reportFixture(request: APIRequestContext) {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Rpt');
  const items = await products(request, token, tag, 2);
  const now = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: 1,
    email: '',
    company: `${tag} Mart`,
    products: items,
    lines: [
      [0, 3],
      [1, 2],
      [0, -1, true],
    ],
  });
  const old = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: 1,
    email: '',
    company: `${tag} Old Mart`,
    products: items,
    lines: [[1, 4]],
  });
  const dated = await request.patch('/api/invoice/update/', {
    headers,
    data: { id: old.invoice.id, date: '2024-01-15' },
  });
  expect(dated.status(), await dated.text()).toBe(200);
  const invoice = await (await request.get(`/api/invoice/${now.invoice.id}/`, { headers })).json();
  const date = String(invoice.invoice?.date ?? new Date().toISOString().slice(0, 10));
  return {
    tag,
    items,
    customer: now.customer,
    monthNo: date.slice(5, 7),
    month: monthName(Number(date.slice(5, 7))),
    year: date.slice(0, 4),
  };
}

async function openReport(page: Page, label: string) {
  await openFromMenu(page, 'Reports', label);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function filterPeriod(page: Page, month: string, year: string) {
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
  await page.getByLabel('Year').fill(year);
  // The typed year reaches the address (and so the request) after a pause: wait for it, or a
  // loaded machine acts on the month alone.
  await expect(page).toHaveURL(new RegExp(`[?&]year=${year}(&|$)`));
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search').fill(text);
  await page.getByLabel('Search').press('Enter');
}

const body = (page: Page) => page.locator('.report-screen tbody tr');
/** The Biller Report's footer label: its totals are over every biller that sold. */
const BILLERS_TOTAL = /^Total \((all [\d,]+ billers|1 biller)\)$/;

test('the Product Report filters by month, sorts a column and totals every matching row', async ({ page, request }) => {
  const f = await reportFixture(request);
  await signIn(page);
  await openReport(page, 'Product Report');
  await expect(page).toHaveURL(/\/reports\/product$/);
  await expect(page).toHaveTitle(/Product Report/);
  await search(page, f.tag);
  await filterPeriod(page, f.month, f.year);
  await expect(page).toHaveURL(/month=\d+/);
  await expect(body(page)).toHaveCount(2);
  // Item 1: 3 sold (the damaged return is not a resellable one); item 2: 2 sold.
  await expect(page.getByTestId('report-total-totalQuantitySold').first()).toHaveText('5');
  await expect(page.getByTestId('report-total-totalSellingPrice').first()).toHaveText('$8.25');
  await expect(page.getByTestId('report-total-totalCostPrice').first()).toHaveText('$5.00');
  await expect(page.getByTestId('report-total-totalProfit').first()).toHaveText('$3.25');

  const sortQty = page.locator('.report-screen').getByRole('button', { name: 'Sort by Total Quantity Sold' });
  await sortQty.click();
  await expect(page).toHaveURL(/sort=totalQuantitySold\.asc/);
  await expect(body(page).first()).toContainText(`${f.tag} item 2`);
  await sortQty.click();
  await expect(page).toHaveURL(/sort=totalQuantitySold\.desc/);
  await expect(body(page).first()).toContainText(`${f.tag} item 1`);
  await sortQty.click();
  await expect(page).not.toHaveURL(/sort=/);

  // January 2024 holds only the old invoice: 4 × item 2.
  await filterPeriod(page, 'January', '2024');
  await expect(body(page)).toHaveCount(1);
  await expect(body(page).first()).toContainText(`${f.tag} item 2`);
  await expect(page.getByTestId('report-total-totalQuantitySold').first()).toHaveText('4');
});

test('each report opens from the menu with its controls and a totals row', async ({ page, request }) => {
  const f = await reportFixture(request);
  await signIn(page);
  const reports = [
    {
      label: 'My Report',
      status: true,
      biller: false,
      find: `${f.tag} Mart`,
      total: ['report-total-damagedGoods', '$1.25'],
      footer: 'Total (1 customer)',
    },
    {
      label: 'Customer Report',
      status: false,
      biller: false,
      find: `${f.tag} Mart`,
      total: ['report-total-totalInvoices', '1'],
      footer: 'Total (1 customer)',
    },
    // Every biller with a sale this month, of every flow: how many is not known here.
    { label: 'Biller Report', status: false, biller: true, find: '', total: null, footer: BILLERS_TOTAL },
    {
      label: 'Damaged Goods Report',
      status: false,
      biller: false,
      find: f.tag,
      total: ['report-total-totalQuantityDamaged', '1'],
      footer: 'Total (1 product)',
    },
  ] as const;
  for (const r of reports) {
    await openReport(page, r.label);
    await expect(page.getByRole('heading', { name: r.label })).toBeVisible();
    for (const control of ['Start date', 'End date', 'Year', 'Search'])
      await expect(page.getByLabel(control)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(r.status ? 1 : 0);
    await expect(page.getByRole('combobox', { name: 'Biller' })).toHaveCount(r.biller ? 1 : 0);
    if (r.biller)
      await expect(page.getByRole('combobox', { name: 'Biller' })).toHaveAttribute('placeholder', 'Choose...');
    if (r.find) await search(page, r.find);
    await filterPeriod(page, f.month, f.year);
    // The footer says it sums every matching row, not the page.
    await expect(page.locator('.report-screen').getByTestId('footer-label')).toHaveText(r.footer);
    if (r.total) await expect(page.getByTestId(r.total[0]).first()).toHaveText(r.total[1]);
    await page.screenshot({ path: `${SHOTS}/report-${r.label.replace(/\s+/g, '-')}.png`, fullPage: true });
  }
});

test('Customer Report: View Payments goes to the customer payments', async ({ page, request }) => {
  const f = await reportFixture(request);
  await signIn(page);
  await page.goto(`/reports/customerSummary?q=${encodeURIComponent(`${f.tag} Mart`)}`);
  const row = body(page)
    .filter({ hasText: `${f.tag} Mart` })
    .filter({ hasNotText: 'Old' });
  await row.getByRole('link', { name: 'View Payments' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/customer/${f.customer.id}$`));
});

test('Print shows only the title, the filter in words, the table and the totals', async ({ page, request }) => {
  const f = await reportFixture(request);
  await stubPrint(page);
  await signIn(page);
  await page.goto(`/reports/product?q=${encodeURIComponent(f.tag)}&status=DUE&sort=totalProfit.desc`);
  await filterPeriod(page, f.month, f.year);
  await expect(body(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await printed(page)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('report-print');
  await expect(sheet).toBeVisible();
  await expect(page.locator('.report-screen')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeHidden();
  await expect(page.getByTestId('report-print-filter')).toHaveText(
    `Month: ${f.month} · Year: ${f.year} · Status: DUE · Search: “${f.tag}” · Sorted by Total Profit, descending`,
  );
  await expect(sheet.locator('tbody tr')).toHaveCount(2);
  await expect(sheet.locator('tfoot')).toContainText('$3.25');
  await page.screenshot({ path: `${SHOTS}/report-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();
});

test('Export CSV downloads the filtered report with a totals row', async ({ page, request }) => {
  const f = await reportFixture(request);
  await signIn(page);
  await page.goto(`/reports/product?q=${encodeURIComponent(f.tag)}`);
  await filterPeriod(page, f.month, f.year);
  await expect(body(page)).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`product-report-${f.year}-${f.monthNo}.csv`);
  const rows: string[][] = parse(await readFile((await file.path()) as string, 'utf8'), { bom: true });
  expect(rows[0]).toEqual([
    'Barcode',
    'Product Name',
    'Total Cost Price',
    'Total Selling Price',
    'Total Quantity Sold',
    'Total Profit',
  ]);
  const byName = Object.fromEntries(rows.slice(1, -1).map((r) => [r[1], r]));
  expect(rows).toHaveLength(4);
  expect(byName[`${f.tag} item 1`]).toEqual([f.items[0].barcode, `${f.tag} item 1`, '3.00', '3.75', '3', '0.75']);
  expect(byName[`${f.tag} item 2`]).toEqual([f.items[1].barcode, `${f.tag} item 2`, '2.00', '4.50', '2', '2.50']);
  expect(rows.at(-1)).toEqual(['Totals', '', '5.00', '8.25', '5', '3.25']);
});

test('an error shows in place of the table; the Biller Report shows its Status filter only then', async ({ page }) => {
  await signIn(page);
  await page.goto('/reports/biller?sort=nope.asc');
  await expect(page.locator('.report-screen').getByRole('alert')).toBeVisible();
  await expect(page.locator('.report-screen table')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await page.goto('/reports/biller');
  await expect(page.locator('.report-screen').getByTestId('footer-label')).toHaveText(BILLERS_TOTAL);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
});
