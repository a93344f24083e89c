import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, apiToken, createProduct, signIn, uniqueName } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pw-lists';
const SHORT = 'Express Mart #124';

/**
 * "Express Mart #124" with a paid and a due invoice, a long-named variant with a due invoice and
 * a due consignment, and a corner store with one due invoice; every invoice is one case at
 * $4,321.09, so the money columns are as wide as a wholesaler's.
 */
async function seed(request: APIRequestContext) {
  const token = await apiToken(request);
  const tag = uniqueName('Nav');
  const customer = async (company: string) =>
    (await apiCall(request, token, '/api/customer/new/', { company })).customer as { id: number; company: string };
  const short = await customer(SHORT);
  const long = await customer(`${SHORT} Northgate Discount Beverage & Tobacco Superstore ${tag}`);
  const corner = await customer(`${tag} Corner Store`);
  const product = await createProduct(request, token, { name: `${tag} case`, sellingPrice: 4_321.09 });
  const invoice = async (type: string, customerID: number, paid = 0) => {
    const created = (await apiCall(request, token, `/api/invoice/new/${type}/`, {})).invoice;
    await apiCall(request, token, '/api/invoice/update/', { id: created.id, customerID }, 'patch');
    await apiCall(request, token, '/api/invoice/insert/', { invoiceID: created.id, productID: product.id });
    await apiCall(request, token, '/api/invoice/update/', { id: created.id, status: 'DUE' }, 'patch');
    if (paid) {
      const payment = JSON.stringify({
        invoiceID: created.id,
        date: '2026-11-20',
        paymentType: 'cash',
        amountPaid: paid,
      });
      const res = await request.post('/api/payment/insert/', { headers: { Token: token }, multipart: { payment } });
      expect(res.status(), await res.text()).toBe(200);
    }
    return created as { id: number; invoiceNo: string };
  };
  const due = await invoice('invoice', short.id);
  const paid = await invoice('invoice', short.id, 4_321.09);
  await invoice('invoice', long.id);
  await invoice('consignment', long.id);
  await invoice('invoice', corner.id);
  return { tag, short, long, corner, due, paid };
}

const rowOf = (page: Page, invoiceNo: string) =>
  page.locator('tbody tr').filter({ has: page.getByRole('link', { name: invoiceNo, exact: true }) });

/** The element shows all of its content: nothing cut, no ellipsis. */
async function expectWhole(el: Locator) {
  const fit = await el.evaluate((e) => ({
    scroll: e.scrollWidth,
    client: e.clientWidth,
    ellipsis: getComputedStyle(e).textOverflow === 'ellipsis' && getComputedStyle(e).overflow !== 'visible',
  }));
  expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client);
  expect(fit.ellipsis, JSON.stringify(fit)).toBe(false);
}

async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const box = document.querySelector('table')?.parentElement as Element;
    return { doc: document.documentElement.scrollWidth, table: [box.scrollWidth, box.clientWidth] };
  });
  expect(widths.doc, JSON.stringify(widths)).toBeLessThanOrEqual(1280);
  expect(widths.table[0], JSON.stringify(widths)).toBeLessThanOrEqual(widths.table[1]);
}

test.use({ viewport: { width: 1280, height: 800 } });
// Each flow seeds three customers and five invoices through the API first.
test.describe.configure({ timeout: 60_000 });

test('an invoice opens from its number, a click on its row and Enter on the focused row', async ({ page, request }) => {
  const f = await seed(request);
  await signIn(page);
  const list = `/invoices?customer=${f.short.id}`;
  await page.goto(list);
  await expect(page.getByText('Showing 2 of 2 results')).toBeVisible();

  // The number is a link to the invoice's page.
  const number = page.getByRole('link', { name: f.due.invoiceNo, exact: true });
  await expect(number).toHaveAttribute('href', `/invoices/${f.due.id}`);
  await number.click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${f.due.id}$`));
  await expect(page.getByRole('heading', { name: f.due.invoiceNo })).toBeVisible();

  // A click on the row's customer name opens it too.
  await page.goto(list);
  await rowOf(page, f.paid.invoiceNo).getByText(SHORT, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${f.paid.id}$`));

  // The row's controls do their own thing: the checkbox selects, the ⋯ menu opens, and neither navigates.
  await page.goto(list);
  const row = rowOf(page, f.paid.invoiceNo);
  await row.getByRole('checkbox', { name: 'Select row' }).click();
  await expect(page.getByRole('button', { name: 'E-mail selected (1)' })).toBeVisible();
  await row.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Add Payment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/invoices\\?customer=${f.short.id}$`));

  // Enter on a focused row; the arrow keys move between rows (newest first: the paid one, then the due one).
  await rowOf(page, f.paid.invoiceNo).focus();
  await page.keyboard.press('ArrowDown');
  await expect(rowOf(page, f.due.invoiceNo)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/invoices/${f.due.id}$`));
});

test('names and status badges show whole at 1280 px, with no sideways scroll and a labelled grand total', async ({
  page,
  request,
}) => {
  const f = await seed(request);
  await signIn(page);
  await page.goto(`/invoices?customer=${f.short.id}`);
  await expect(page.getByText('Showing 2 of 2 results')).toBeVisible();
  const name = rowOf(page, f.paid.invoiceNo).getByText(SHORT, { exact: true });
  await expect(name).toBeVisible();
  await expectWhole(name);
  const paid = rowOf(page, f.paid.invoiceNo).getByText('PAID', { exact: true });
  await expect(paid).toBeVisible();
  await expectWhole(paid);
  await expectWhole(paid.locator('xpath=..'));
  await expect(page.getByTestId('footer-label')).toHaveText('Total (all 2 invoices)');
  await expect(page.getByTestId('invoices-total-total')).toHaveText('$8,642.18');
  await expect(page.getByTestId('invoices-total-balance')).toHaveText('$4,321.09');
  await expectNoHorizontalScroll(page);

  // The long name wraps and shows every word; the consignment's two badges show whole.
  await page.goto(`/invoices?q=${encodeURIComponent(f.tag)}`);
  await expect(page.getByText('Showing 3 of 3 results')).toBeVisible();
  for (const cell of await page.getByText(f.long.company, { exact: true }).all()) {
    await expect(cell).toBeVisible();
    await expectWhole(cell);
  }
  await expect(page.getByText(f.long.company, { exact: true })).toHaveCount(2);
  for (const badge of await page.locator('tbody .mantine-Badge-label').all()) await expectWhole(badge);
  await expect(page.getByText('Cons. DUE', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/invoices-1280.png`, fullPage: true });
});

test('a report footer says it totals every matching row, past the page on screen', async ({ page, request }) => {
  const f = await seed(request);
  await signIn(page);
  // One row a page: the footer still sums both customers.
  await page.goto(`/reports/customerSummary?q=${encodeURIComponent(f.tag)}&size=1`);
  await expect(page.getByText('Showing 1 of 2 results')).toBeVisible();
  const screen = page.locator('.report-screen');
  await expect(screen.getByTestId('footer-label')).toHaveText('Total (all 2 customers)');
  await expect(screen.getByTestId('report-total-totalInvoices')).toHaveText('3');
  await expect(screen.getByTestId('report-total-totalAmount')).toHaveText('$12,963.27');
  await expect(screen.getByTestId('report-total-totalDue')).toHaveText('$12,963.27');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/report-1280.png`, fullPage: true });
});
