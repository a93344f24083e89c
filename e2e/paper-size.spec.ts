import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { printed, stubPrint } from './invoice-documents.fixtures';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/**
 * The paper size of Settings on the invoice's print: Chromium prints the page
 * to PDF at the CSS page size (preferCSSPageSize), and poppler reads back the
 * page size and the text of page 2 (its foot: the invoice number and "Page 2
 * of N"; its head: the repeated column heads). The downloaded PDF follows too.
 */

/** pdfinfo's page size and page count, and pdftotext's text of one page, of a PDF kept under the test's output. */
function readPdf(pdf: Buffer, file: string) {
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    size: /^Page size:\s+(.*)$/m.exec(info)?.[1] ?? '',
    pages: Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]),
    text: (page: number) =>
      execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' }),
  };
}

async function choosePaper(page: Page, label: 'A4 (210 × 297 mm)' | 'Letter (8.5 × 11 in)') {
  await page.goto('/settings');
  const select = page.getByRole('region', { name: 'Documents' }).getByLabel('Paper size');
  await select.click();
  await page.getByRole('option', { name: label }).click();
  await expect(select).toHaveValue(label);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
}

/** Prints the invoice's page to PDF as Chromium prints it (print media, the page's own @page size). */
async function printToPdf(page: Page, id: number, file: string) {
  await page.goto(`/invoices/print/${id}`);
  await expect(page.getByTestId('document-line')).toHaveCount(60);
  await expect.poll(() => printed(page)).toBeGreaterThan(0);
  await page.emulateMedia({ media: 'print' });
  const pdf = readPdf(await page.pdf({ preferCSSPageSize: true }), file);
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}

async function downloadPdf(request: APIRequestContext, token: string, id: number, file: string) {
  const res = await request.get(`/api/invoice/pdf/${id}/`, { headers: { Token: token } });
  expect(res.status()).toBe(200);
  return readPdf(await res.body(), file);
}

const resetPaper = async (request: APIRequestContext, token: string) => {
  const res = await request.patch('/api/settings/update/', { headers: { Token: token }, data: { paperSize: 'A4' } });
  expect(res.status()).toBe(200);
};

test('Letter, then A4, in Settings: the printed invoice and its PDF follow, page 2 names the invoice and its page', async ({
  page,
  request,
}, testInfo: TestInfo) => {
  test.setTimeout(120_000);
  await stubPrint(page);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Paper');
  const product = await createProduct(request, token, {
    name: `${tag} Old Fashioned Kettle Cooked Sea Salt & Cracked Black Pepper Potato Chips Family Size`,
    sellingPrice: 3.25,
    suggestedRetailPrice: 4.99,
  });
  const invoice = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice as {
    id: number;
    invoiceNo: string;
  };
  for (let i = 0; i < 60; i += 1) {
    const res = await request.post('/api/invoice/insert/', {
      headers,
      data: { invoiceID: invoice.id, productID: product.id },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  expect(
    (await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, status: 'DUE' } })).status(),
  ).toBe(200);
  const number = invoice.invoiceNo.replace('Invoice/', '');

  try {
    await signIn(page);
    await page.goto('/settings');
    const select = page.getByRole('region', { name: 'Documents' }).getByLabel('Paper size');
    await expect(select).toHaveValue('A4 (210 × 297 mm)');
    await page.screenshot({ path: testInfo.outputPath('settings.png'), fullPage: true });

    await choosePaper(page, 'Letter (8.5 × 11 in)');
    const letter = await printToPdf(page, invoice.id, testInfo.outputPath('print-letter.pdf'));
    expect(letter.size).toBe('612 x 792 pts (letter)');
    expect(letter.pages).toBeGreaterThanOrEqual(3);
    const second = letter.text(2);
    expect(second).toMatch(/No\s+Qty\s+Description\s+Unit Price\s+SRP\s+Subtotal/);
    expect(second).toContain(`Invoice No: ${number}`);
    expect(second).toContain(`Page 2 of ${letter.pages}`);
    const letterDownload = await downloadPdf(request, token, invoice.id, testInfo.outputPath('download-letter.pdf'));
    expect(letterDownload.size).toBe('612 x 792 pts (letter)');
    expect(letterDownload.text(2)).toMatch(new RegExp(`Invoice #${number}\\s+Page 2 of ${letterDownload.pages}`));

    await choosePaper(page, 'A4 (210 × 297 mm)');
    const a4 = await printToPdf(page, invoice.id, testInfo.outputPath('print-a4.pdf'));
    // Chromium rounds the page to its pixel grid: 594.96 x 841.92, within a point of A4 (poppler says "A4").
    const [width, height] = a4.size
      .split(' ')
      .filter((_, i) => i === 0 || i === 2)
      .map(Number);
    expect(Math.abs(width - 595.28)).toBeLessThan(1);
    expect(Math.abs(height - 841.89)).toBeLessThan(1);
    expect(a4.size).toMatch(/pts \(A4\)$/);
    expect(a4.text(2)).toContain(`Invoice No: ${number}`);
    expect(a4.text(2)).toContain(`Page 2 of ${a4.pages}`);
    expect(a4.text(a4.pages)).toContain(`Page ${a4.pages} of ${a4.pages}`);
    const a4Download = await downloadPdf(request, token, invoice.id, testInfo.outputPath('download-a4.pdf'));
    expect(a4Download.size).toBe('595.28 x 841.89 pts (A4)');
    expect(a4Download.text(2)).toMatch(new RegExp(`Invoice #${number}\\s+Page 2 of ${a4Download.pages}`));
  } finally {
    await resetPaper(request, token);
  }
});
