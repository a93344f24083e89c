import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, apiToken, createProduct, createUser, signIn, uniqueName } from './support';

/*
 * The invoice's documents and the label sheet meet every axe rule (docs/web.md, "Accessibility"):
 * WCAG A and AA and axe's best practices too (landmarks, one h1, heading order, named table
 * headers), with no violation of any impact. e2e/accessibility.spec.ts walks every screen and
 * fails on critical and serious ones only.
 */

/** Every violation axe finds on what the page shows now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.map(String).join(' ')).join('\n    ')}`,
  );
}

/** Waits for the screen's title and for its loaders to go. */
async function settle(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} | Wholesale Desk`);
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 10_000 });
  // Mantine's transitions (the dialogs open) finish before axe reads the colours.
  await page.waitForTimeout(250);
}

test('the invoice, its print, thermal and e-mail pages and the label sheet have no axe violation at all', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const username = uniqueName('docs');
  await createUser(request, username, 'docs-password');
  const token = await apiToken(request, username, 'docs-password');
  const tag = username.split('.')[1];
  const call = (path: string, data?: unknown, method = 'post') => apiCall(request, token, path, data, method);
  const product = await createProduct(request, token, { name: `Cola ${tag}`, sellingPrice: 1.25 });
  const customer = (await call('/api/customer/new/', { company: `Corner Market ${tag}`, email: 'a@b.test' })).customer
    .id as number;
  const id = (await call('/api/invoice/new/invoice/')).invoice.id as number;
  await call('/api/invoice/update/', { id, customerID: customer, notes: 'Thank you' }, 'patch');
  await call('/api/invoice/insert/', { invoiceID: id, productID: product.id });
  await call('/api/invoice/update/', { id, status: 'DUE' }, 'patch');
  await call('/api/barcode/insert/', { productID: product.id, quantity: 3 });
  await page.addInitScript(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await signIn(page, username, 'docs-password');

  const screens = [
    { url: `/invoices/${id}`, title: 'Invoice' },
    { url: `/invoices/edit/${id}`, title: 'Edit Invoice' },
    { url: `/invoices/print/${id}`, title: 'Print Invoice' },
    { url: `/invoices/thermalPrint/${id}`, title: 'Thermal Print' },
    { url: `/invoices/emailPDF/${id}`, title: 'Email Invoice' },
    { url: '/products/barcode', title: 'Barcode Labels' },
    { url: '/products/barcode/print', title: 'Print Barcode Labels' },
  ];
  const found: string[] = [];
  for (const { url, title } of screens) {
    await page.goto(url);
    await settle(page, title);
    found.push(...(await violations(page)).map((v) => `${url}: ${v}`));
    await page.screenshot({ path: testInfo.outputPath(`${title.replace(/\W+/g, '-')}.png`) });
    // A printout's "print?" dialog closed (Escape): the document by itself.
    if (url.includes('rint/')) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      found.push(...(await violations(page)).map((v) => `${url} (dialog closed): ${v}`));
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});
