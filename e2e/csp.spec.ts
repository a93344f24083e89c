import { type ConsoleMessage, expect, type Page, test } from '@playwright/test';
import { billerWithLogo, invoiceFixture, printed, products, stubPrint } from './invoice-documents.fixtures';
import { apiToken, signIn, uniqueName } from './support';

/**
 * The screens that load images, blobs, charts and print styles work under the
 * server's Content-Security-Policy and Permissions-Policy (docs/security.md):
 * no console message of a refused script, style, image or connection.
 */
function policyComplaints(page: Page): string[] {
  const complaints: string[] = [];
  const watch = (text: string) => {
    if (/Content[- ]Security[- ]Policy|Refused to|Permissions-Policy|Permissions policy/i.test(text)) {
      complaints.push(text);
    }
  };
  page.on('console', (message: ConsoleMessage) => watch(message.text()));
  page.on('pageerror', (error) => watch(error.message));
  return complaints;
}

test('dashboard charts, print and thermal views, the cheque photo, labels and the certificate PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const complaints = policyComplaints(page);
  await stubPrint(page);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Csp');
  const biller = await billerWithLogo(page, request, headers, `${tag} Wholesale`);
  const items = await products(request, token, tag, 2);
  const { invoice, customer } = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: biller.id,
    email: 'csp@quickstop.test',
    products: items,
    lines: [
      [0, 2],
      [1, 1],
    ],
  });

  await signIn(page);
  await page.goto('/dashboard');
  // The charts come after the dashboard's calls; a busy machine takes a while.
  await expect(page.locator('svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 });

  // Print view: the biller's logo (an <img> of /images/billers/…) loads, the @page style is written.
  await page.goto(`/invoices/print/${invoice.id}`);
  const logo = page.getByTestId('document-head').getByRole('img');
  await expect(logo).toHaveJSProperty('complete', true);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect.poll(() => printed(page)).toBe(1);

  // Thermal strip: barcode images per line.
  await page.goto(`/invoices/thermalPrint/${invoice.id}`);
  const barcodes = page.getByTestId('thermal-strip').locator('img');
  await expect(barcodes.first()).toHaveJSProperty('complete', true);
  expect(await barcodes.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The payment dialog's cheque photo: a file input that may open the camera.
  await page.goto(`/invoices/edit/${invoice.id}`);
  await page.locator('#root').getByRole('button', { name: 'Add Payment' }).click();
  await page.getByRole('combobox', { name: 'Payment Type' }).click();
  await page.getByRole('option', { name: 'Cheque' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('1');
  await page.getByLabel('Cheque No').fill('5150');
  const camera = page.getByRole('dialog').locator('input[type="file"][capture]');
  await expect(camera).toHaveCount(1);
  const png = await (await request.get('/images/barcodes/036000291452.png')).body();
  await camera.setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('dialog').getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const cameraAllowed = await page.evaluate(() => {
    const policy = (document as unknown as { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy;
    return policy ? policy.allowsFeature('camera') : 'unknown';
  });
  expect(cameraAllowed).not.toBe(false);

  // Barcode labels (images rendered by the server).
  const added = await request.post('/api/barcode/insert/', { headers, data: { productID: items[0].id, quantity: 2 } });
  expect(added.status(), await added.text()).toBe(200);
  await page.goto('/products/barcode/print');
  await expect(page.getByTestId('label').first()).toBeVisible();

  // The resale certificate: shown from a blob: URL, its PDF downloaded.
  const signed = await request.post(`/api/customer/resale_certificate/${customer.id}/`, {
    headers,
    multipart: { resaleCertificate: { name: 'c.png', mimeType: 'image/png', buffer: png } },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  await page.goto(`/customers?q=${encodeURIComponent(customer.company)}`);
  const row = page.getByRole('row', { name: new RegExp(customer.company) });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'View Resale Certificate' }).click();
  const certificate = page.getByRole('img', { name: 'Resale certificate' });
  await expect(certificate).toBeVisible();
  expect(await certificate.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Resale_Certificate_\d+\.pdf$/);

  expect(complaints).toEqual([]);
});

test('the API reference (/api/docs) renders its operations and runs one under the policy', async ({ page }) => {
  const complaints = policyComplaints(page);
  await page.goto('/api/docs');
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 20_000 });
  const health = page.locator('.opblock').filter({ hasText: '/api/health' }).first();
  await health.locator('.opblock-summary').click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.live-responses-table .response .response-col_status').first()).toHaveText('200');
  expect(complaints).toEqual([]);
});
