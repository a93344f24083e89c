import { expect, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

test('a 120-line invoice shows the lines near the screen; the last one is reached by scrolling and edited', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Long');
  const many = await createProduct(request, token, { name: `${tag} cola`, sellingPrice: 2.13 });
  const last = await createProduct(request, token, { name: `${tag} last item`, sellingPrice: 2.13 });
  const invoice = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice;
  for (let i = 0; i < 120; i += 1) {
    const res = await request.post('/api/invoice/insert/', {
      headers,
      data: { invoiceID: invoice.id, productID: i === 119 ? last.id : many.id },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const submitted = await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, status: 'DUE' } });
  expect(submitted.status()).toBe(200);

  await signIn(page);
  await page.goto(`/invoices/edit/${invoice.id}`);
  const table = page.getByTestId('invoice-lines');
  await expect(table).toHaveAttribute('data-line-count', '120');
  await expect(page.getByTestId('invoice-totals')).toContainText('$255.60');
  // Only the rows near the screen are in the page.
  const rendered = await page.getByTestId('invoice-line').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(120);

  const quantity = page.getByLabel(`Quantity of ${last.name}`);
  await expect(quantity).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(quantity).toBeVisible();
  await quantity.fill('7');
  await quantity.press('Enter');
  // 119 × 2.13 + 7 × 2.13 = 268.38; the line is 14.91.
  await expect(page.getByTestId('invoice-totals')).toContainText('$268.38');
  const row = page.getByTestId('invoice-line').filter({ has: quantity });
  await expect(row.getByTestId('line-subtotal')).toHaveText('$14.91');
  const stored = await (await request.post(`/api/invoice/summary/${invoice.id}/`, { headers })).json();
  expect(stored.invoiceTotals.total).toBe(268.38);
});
