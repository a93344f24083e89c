import { expect, type Page, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/** No sideways scroll: the page, and unless `pageOnly` the table's own container. */
async function expectNoHorizontalScroll(page: Page, pageOnly = false) {
  const widths = await page.evaluate(() => {
    const doc = document.scrollingElement as Element;
    const box = document.querySelector('table')?.parentElement as Element;
    return { doc: [doc.scrollWidth, doc.clientWidth], table: [box.scrollWidth, box.clientWidth] };
  });
  expect(widths.doc[0], JSON.stringify(widths)).toBeLessThanOrEqual(widths.doc[1]);
  if (!pageOnly) expect(widths.table[0], JSON.stringify(widths)).toBeLessThanOrEqual(widths.table[1]);
}

/** The row's actions button is on screen, and the long name shows whole: it wraps, nothing is cut. */
async function expectRowFits(page: Page, name: string, action = 'More actions') {
  const row = page
    .getByRole('row')
    .filter({ hasText: name.slice(0, 12) })
    .first();
  const more = row.getByRole('button', { name: action });
  await expect(more).toBeVisible();
  await expect(more).toBeInViewport();
  const cell = row.getByText(name, { exact: true });
  await expect(cell).toBeVisible();
  const fit = await cell.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client);
}

test('the invoice list and a payment history fit 1280 px with long names, large amounts and visible row actions', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Wide');
  const company = `${tag} Northside Discount Beverage & Tobacco Superstore #1042`;
  const customer = (await (await request.post('/api/customer/new/', { headers, data: { company } })).json()).customer;
  const product = await createProduct(request, token, { name: `${tag} case`, sellingPrice: 4_321.09 });
  // Invoice numbers of a business in its second year: past a thousand (blocks of numbers move the sequence on).
  for (let i = 0; i < 3; i++) {
    const block = await request.post('/api/route/numbers/reserve/', {
      headers,
      data: { deviceID: `layout-${tag.replace(/\W/g, '')}-${i}`, count: 500 },
    });
    expect(block.status(), await block.text()).toBe(200);
  }
  for (const type of ['invoice', 'consignment']) {
    const invoice = (await (await request.post(`/api/invoice/new/${type}/`, { headers })).json()).invoice;
    const header = await request.patch('/api/invoice/update/', {
      headers,
      data: { id: invoice.id, customerID: customer.id },
    });
    expect(header.status(), await header.text()).toBe(200);
    await request.post('/api/invoice/insert/', { headers, data: { invoiceID: invoice.id, productID: product.id } });
    await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, status: 'DUE' } });
    const payment = JSON.stringify({
      invoiceID: invoice.id,
      date: '2026-11-20',
      paymentType: 'cheque',
      chequeNo: '104233',
      amountPaid: 1_234.56,
    });
    const paid = await request.post('/api/payment/insert/', { headers, multipart: { payment } });
    expect(paid.status(), await paid.text()).toBe(200);
  }

  await signIn(page);
  await page.goto(`/invoices?q=${encodeURIComponent(tag)}`);
  await expect(page.getByText('Showing 2 of 2 results')).toBeVisible();
  await expect(page.getByTestId('invoices-total-total')).toHaveText('$8,642.18');
  await expectNoHorizontalScroll(page);
  await expectRowFits(page, company);

  await page.goto(`/payment/customer/${customer.id}`);
  await expect(page.getByText('Showing 2 of 2 results')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectRowFits(page, company);
  // The customer column takes the width the others leave (it had 84 px, the name eight lines).
  const name = page.getByRole('row').filter({ hasText: company }).first().getByText(company, { exact: true });
  const shown = await name.evaluate((el) => ({
    width: el.getBoundingClientRect().width,
    lines: Math.round(el.clientHeight / Number.parseFloat(getComputedStyle(el).lineHeight)),
  }));
  expect(shown.width, JSON.stringify(shown)).toBeGreaterThanOrEqual(120);
  expect(shown.lines, JSON.stringify(shown)).toBeLessThanOrEqual(5);
  await page.screenshot({ path: test.info().outputPath('payment-history-1280.png') });
});
