import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/**
 * The counter at scanner speed: a USB scanner types a barcode and Enter in a
 * few milliseconds, scan after scan. Every scan must land, once, in order.
 */
const PRICES = [1.25, 2.5, 0.99, 4.1, 3, 0.35];
const SCANS = 30;

async function setUp(request: APIRequestContext, merge: boolean) {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Fast');
  const products = [];
  for (const [i, sellingPrice] of PRICES.entries())
    products.push(await createProduct(request, token, { name: `${tag} item ${i}`, sellingPrice }));
  const created = await request.post('/api/invoice/new/invoice/', { headers });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).invoice.id as number;
  if (merge) {
    const set = await request.patch('/api/invoice/update/', { headers, data: { id, mergeInvoiceItems: 1 } });
    expect(set.status(), await set.text()).toBe(200);
  }
  return { headers, tag, products, id };
}

/** Enters every code and Enter with no pause at all between scans, as a scanner does. */
async function scanFast(page: Page, codes: string[]) {
  const box = page.getByTestId('scan-box');
  await box.click();
  for (const code of codes) {
    await page.keyboard.insertText(code);
    await page.keyboard.press('Enter');
  }
}

const cents = (n: number) => Math.round(n * 100);
const money = (c: number) => `$${(c / 100).toFixed(2)}`;

for (const merge of [false, true]) {
  test(`${SCANS} scans at scanner speed all land${merge ? ', merged into quantities' : ''}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { headers, products, id } = await setUp(request, merge);
    const order = Array.from({ length: SCANS }, (_, i) => products[(i * 5) % products.length]);
    const expectedCents = order.reduce((sum, p) => sum + cents(PRICES[products.indexOf(p)]), 0);

    await signIn(page);
    await page.goto(`/invoices/edit/${id}`);
    await expect(page.getByText('No lines yet')).toBeVisible();
    await scanFast(
      page,
      order.map((p) => p.barcode),
    );

    const lines = page.getByTestId('invoice-line');
    await expect(page.getByTestId('scan-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('scan-failure')).toHaveCount(0);
    if (merge) {
      await expect(lines).toHaveCount(products.length);
      // In the order first scanned, each with every scan of it.
      for (const [i, p] of order.slice(0, products.length).entries()) {
        await expect(lines.nth(i)).toContainText(p.name);
        await expect(page.getByLabel(`Quantity of ${p.name}`)).toHaveValue(String(SCANS / products.length));
      }
    } else {
      await expect(lines).toHaveCount(SCANS);
      // In the order scanned, one of each.
      for (const [i, p] of order.entries()) {
        await expect(lines.nth(i)).toContainText(p.name);
        await expect(lines.nth(i).getByRole('textbox')).toHaveValue('1');
      }
    }
    await expect(page.getByTestId('scan-box')).toHaveValue('');

    // The stored invoice agrees, and its total is what was scanned.
    const summary = await (await request.post(`/api/invoice/summary/${id}/`, { headers })).json();
    expect(cents(summary.invoiceTotals.total)).toBe(expectedCents);
    const stored = await (await request.post(`/api/invoice/${id}/`, { headers, data: { resultsPerPage: 100 } })).json();
    expect(stored.invoiceItems.length).toBe(merge ? products.length : SCANS);
    expect(stored.invoiceItems.reduce((n: number, l: { quantity: number }) => n + l.quantity, 0)).toBe(SCANS);

    // Submitted: the totals show, and a further scan updates them from its answer.
    await page.getByTestId('submit-invoice').click();
    await expect(page.getByTestId('invoice-totals')).toContainText(money(expectedCents));
    await scanFast(page, [products[3].barcode]);
    await expect(page.getByTestId('invoice-totals')).toContainText(money(expectedCents + cents(PRICES[3])));
  });
}

test('a scan that fails stays with its text: several matches are a choice, none is a message; later scans go on', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Crunch');
  const products = [];
  for (const flavour of ['Cheese', 'Flamin', 'Lime'])
    products.push(await createProduct(request, token, { name: `${tag} ${flavour}`, sellingPrice: 2 }));
  const id = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice.id;

  await signIn(page);
  await page.goto(`/invoices/edit/${id}`);
  await expect(page.getByText('No lines yet')).toBeVisible();
  const missing = `NOPE${Date.now()}`;
  await scanFast(page, [tag, missing, products[0].barcode]);

  // The good scan after the two failed ones still lands.
  const lines = page.getByTestId('invoice-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.nth(0)).toContainText(products[0].name);

  const failures = page.getByTestId('scan-failure');
  await expect(failures).toHaveCount(2);
  // Several matches: offered as a choice, not as an error.
  const choice = failures.filter({ hasText: tag }).filter({ hasText: 'Pick the product' });
  await expect(choice).toBeVisible();
  await expect(page.getByText(`No product matches "${tag}"`)).toHaveCount(0);
  // No match: a message with the scanned text.
  await expect(failures.filter({ hasText: `No product matches "${missing}"` })).toBeVisible();

  await choice.getByRole('button', { name: new RegExp(products[2].name) }).click();
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1)).toContainText(products[2].name);
  await expect(failures).toHaveCount(1);
  await failures.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failures).toHaveCount(0);
  await expect(page.getByTestId('scan-box')).toBeFocused();
});
