import { expect, test } from '@playwright/test';
import { billerWithLogo, invoiceFixture, printed, products, SHOTS, stubPrint } from './invoice-documents.fixtures';
import { apiToken, signIn, uniqueName } from './support';

test.beforeEach(async ({ page }) => {
  await stubPrint(page);
});

test('print view of an invoice with a return line: head, To:, lines, footer, notes, the dialog, print CSS', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Print');
  const biller = await billerWithLogo(page, request, headers, `${tag} Wholesale`);
  const items = await products(request, token, tag, 3);
  const { invoice, customer, number } = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: biller.id,
    email: 'store@quickstop.test',
    products: items,
    lines: [
      [0, 3],
      [1, 2],
      [2, -1, true],
    ],
  });

  await signIn(page);
  await page.goto(`/invoices/print/${invoice.id}`);
  const sheet = page.getByTestId('invoice-sheet');
  await expect(sheet.getByTestId('document-number')).toHaveText(number);
  await expect.poll(() => printed(page)).toBe(1);
  // No menu or top bar.
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const head = sheet.getByTestId('document-head');
  await expect(head).toContainText(`${tag} Wholesale`);
  await expect(head).toContainText('12 Depot St');
  await expect(head).toContainText('512-555-0110');
  await expect(head.getByRole('img', { name: `${tag} Wholesale logo` })).toHaveJSProperty('complete', true);
  expect(await head.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const to = sheet.getByTestId('document-to');
  await expect(to).toContainText('To:');
  await expect(to).toContainText(customer.company);
  await expect(to).toContainText('9 Elm Rd');
  const lines = sheet.getByTestId('document-line');
  await expect(lines).toHaveCount(3);
  // 3 × 1.25 + 2 × 2.25 = 8.25; the return: −1 × 3.25.
  await expect(lines.nth(2)).toContainText(`${tag} item 3 (Damaged)`);
  await expect(lines.nth(2)).toContainText('-$3.25');
  const footer = sheet.getByTestId('document-footer');
  await expect(footer).toContainText('Total Amount$8.25');
  await expect(footer).toContainText('Total Credit$3.25');
  await expect(footer).toContainText('Total Balance$5.00');
  await expect(footer).not.toContainText('Redeemed');
  await expect(sheet.getByTestId('document-notes')).toContainText('Notes For Customer');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Do you want to print the invoice?');
  // The dialog opens on its Print button (not on ×), and its title bar is no banner landmark.
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeFocused();
  await expect(dialog.getByRole('heading', { name: 'Print' })).toBeVisible();
  expect(await dialog.ariaSnapshot()).not.toMatch(/- banner\b/);
  // The bare page's own landmark and title: a main holding the sheet, INVOICE its h1.
  await expect(page.getByRole('main').getByTestId('invoice-sheet')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('INVOICE');
  await page.screenshot({ path: `${SHOTS}/print-invoice.png`, fullPage: true });

  // The dialog's Print prints again; the dialog and notifications are not part of the paper.
  await dialog.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => printed(page)).toBe(2);
  await page.emulateMedia({ media: 'print' });
  await expect(dialog).toBeHidden();
  expect(await sheet.locator('thead').evaluate((el) => getComputedStyle(el).display)).toBe('table-header-group');
  expect(await lines.first().evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
  await page.screenshot({ path: `${SHOTS}/print-invoice-media-print.png`, fullPage: true });
  const pdf = await page.pdf({ preferCSSPageSize: true, path: `${SHOTS}/print-invoice.pdf` });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test('print and thermal views of a biller 1 consignment invoice: the banner, group subtotal rows, the banner on the strip too', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Consign');
  const items = await products(request, token, tag, 2);
  const { invoice, number } = await invoiceFixture(request, headers, {
    type: 'consignment',
    billerID: 1,
    email: 'store@quickstop.test',
    products: items,
    lines: [
      [0, 4],
      [0, -1],
      [1, 2],
    ],
  });

  await signIn(page);
  await page.goto(`/invoices/print/${invoice.id}`);
  const sheet = page.getByTestId('invoice-sheet');
  await expect(sheet.getByTestId('document-number')).toHaveText(number);
  await expect(sheet.getByRole('img', { name: 'CONSIGNMENT' })).toBeVisible();
  // Item 1's run of two lines gets a group row; item 2's single line none.
  const groups = sheet.getByTestId('document-group-row');
  await expect(groups).toHaveCount(1);
  // 4 − 1 of item 1 at $1.25.
  await expect(groups.first()).toContainText('3');
  await expect(groups.first()).toContainText('$3.75');
  await expect.poll(() => printed(page)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/print-consignment.png`, fullPage: true });

  await page.goto(`/invoices/thermalPrint/${invoice.id}`);
  const strip = page.getByTestId('thermal-strip');
  await expect(strip.getByTestId('document-number')).toHaveText(number);
  await expect(strip.getByRole('img', { name: 'CONSIGNMENT' })).toBeVisible();
  await expect(strip.getByTestId('document-group-row')).toHaveCount(1);
  await expect(strip.getByTestId('total-quantity')).toHaveText('5');
  await expect.poll(() => printed(page)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/thermal-consignment.png`, fullPage: true });
});

test('thermal strip: barcode images and SRP per line, total quantity, and 60 lines print as one continuous page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Strip');
  const biller = await billerWithLogo(page, request, headers, `${tag} Wholesale`);
  const items = await products(request, token, tag, 3);
  const lines: [number, number, boolean?][] = Array.from({ length: 60 }, (_, i) => [
    i % 3,
    i === 59 ? -1 : 1,
    i === 59,
  ]);
  const { invoice } = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: biller.id,
    email: 'store@quickstop.test',
    products: items,
    lines,
  });

  await signIn(page);
  await page.goto(`/invoices/thermalPrint/${invoice.id}`);
  const strip = page.getByTestId('thermal-strip');
  await expect(strip.getByTestId('document-line')).toHaveCount(60);
  await expect.poll(() => printed(page)).toBe(1);
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  await expect(strip.getByTestId('document-head')).toContainText(`${tag} Wholesale`);
  await expect(strip.getByRole('columnheader')).toHaveText(['No', 'Qty', 'Description', 'Unit Price', 'Subtotal']);
  const first = strip.getByTestId('document-line').first();
  await expect(first).toContainText('SRP $1.99');
  const barcode = first.getByRole('img', { name: items[0].barcode });
  expect(await barcode.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // 20 + 20 + 19 sold, 1 returned.
  await expect(strip.getByTestId('total-quantity')).toHaveText('58');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/thermal-60.png` });

  // 80 mm wide; one page as long as the strip (no page breaks on the roll).
  expect(await strip.evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo((80 * 96) / 25.4, 0);
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, path: `${SHOTS}/thermal-60.pdf` });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages).toHaveLength(1);
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(Number(box?.[1])).toBeCloseTo((80 / 25.4) * 72, 0);
  expect(Number(box?.[2])).toBeGreaterThan(1000);
});

test('an unknown invoice: the print view says so and offers Back', async ({ page }) => {
  await signIn(page);
  await page.goto('/invoices/print/987654');
  await expect(page.getByTestId('print-error')).toBeVisible();
  expect(await printed(page)).toBe(0);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});
