import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentLine, InvoiceDocument } from '@wd/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { documentFixture } from '../../../test/documents.js';
import { multipart, testApp } from '../../../test/helpers.js';
import { barcodePng } from '../barcodes/barcode-image.js';
import { invoicePageRows, renderInvoicePdf } from './invoice-pdf.js';
import { lineCount, paginate, textWidth } from './invoice-pdf-pages.js';

const t = testApp();
/** PDF_PREVIEW_DIR keeps the PDFs and page-1 pictures there to look at; otherwise a temporary folder. */
const dir = process.env.PDF_PREVIEW_DIR ?? mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
afterAll(() => {
  if (!process.env.PDF_PREVIEW_DIR) rmSync(dir, { recursive: true, force: true });
});

/** The PDF's text per page, as poppler's pdftotext reads it (pages end with a form feed). */
function pagesOf(pdf: Buffer, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  // Keep a picture of page 1 beside it (pdftoppm -png -r 60) for a look by eye.
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(dir, name)]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((page) => page.trim() !== '');
}

const getPdf = (id: number | string, token: string | null = t.adminToken) =>
  t.call('GET', `/api/invoice/pdf/${id}/`, undefined, token);

async function documentOf(id: number): Promise<InvoiceDocument> {
  return (await t.call('GET', `/api/invoice/document/${id}/`, undefined, t.adminToken)).json().invoiceDocument;
}

describe('GET invoice/pdf/{id}', () => {
  it('downloads <number>.pdf with the biller, customer, number, date, lines, footer rows and notes', async () => {
    const png = await barcodePng('LOGO-PDF', 'code128');
    const body = multipart([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: png }]);
    const logo = await t.app.inject({
      method: 'POST',
      url: '/api/supplier/logo/2/',
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
    expect(logo.statusCode, logo.body).toBe(200);
    const { invoice, customer, products } = await documentFixture(t);
    const doc = await documentOf(invoice.id);
    const number = invoice.invoiceNo.replace('Invoice/', '');

    const res = await getPdf(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    const pages = pagesOf(res.rawPayload, 'invoice');
    expect(pages).toHaveLength(1);
    const text = pages[0];
    expect(text).toContain(`Invoice #${number}`);
    expect(text).toContain(doc.biller.company);
    expect(text).toContain(customer.company);
    expect(text).toContain('9 Elm Rd');
    expect(text).toContain('Dallas, TX 75201');
    const [y, m, d] = doc.invoice.date.split('-');
    expect(text).toContain(`Date: ${m}-${d}-${y}`);
    expect(text).toContain(products.cola.name);
    expect(text).toContain(products.chips.name);
    // The suggested retail price is on the PDF as on the print; a damaged return says so in words.
    expect(text).toMatch(/No\s+Barcode\s+Description\s+Qty\s+Unit Price\s+SRP\s+Subtotal/);
    expect(text).toMatch(/\$2\.50\s+\$3\.49\s+\$7\.50/);
    expect(text).toContain(`${products.gum.name} (Damaged)`);
    expect(text.match(/\(Damaged\)/g)).toHaveLength(1);
    expect(text).toMatch(/Total Amount\s+\$16\.00/);
    expect(text).toMatch(/Total Credit\s+\$1\.99/);
    expect(text).toMatch(/Total Paid\s+\$5\.00/);
    expect(text).toMatch(/Total Balance\s+\$9\.01/);
    expect(text).not.toContain('Redeemed');
    expect(text).toContain('Notes For Customer');
    expect(text).toContain('Thank you!');
    expect(text).toContain('Page 1 of 1');
  });

  it('puts the consignment banner, not the house biller, on a biller 1 consignment invoice', async () => {
    const { invoice } = await documentFixture(t, { type: 'consignment', billerID: 1 });
    const doc = await documentOf(invoice.id);
    const res = await getPdf(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    const [text] = pagesOf(res.rawPayload, 'consignment');
    expect(text).toContain('CONSIGNMENT');
    expect(doc.biller.company).not.toBe('');
    expect(text).not.toContain(doc.biller.company);
    // Three products, one line each: no group subtotal row repeats a single line.
    expect(text).not.toContain('Subtotal: ');
  });

  it('gives the same bytes on every download of an unchanged invoice (no clock in the file)', async () => {
    const { invoice } = await documentFixture(t);
    const first = (await getPdf(invoice.id)).rawPayload;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = (await getPdf(invoice.id)).rawPayload;
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.compare(first, second)).toBe(0);
  });

  it('answers 404 for an unknown invoice, 400 for a bad id, 401 without a token', async () => {
    const missing = await getPdf(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The invoice doesn't exist");
    expect((await getPdf('abc')).statusCode).toBe(400);
    expect((await getPdf(1, null)).statusCode).toBe(401);
  });
});

describe('renderInvoicePdf', () => {
  it('paginates a 500-line invoice with the table header and "Page x of y" on every page', async () => {
    const { invoice } = await documentFixture(t);
    const doc = await documentOf(invoice.id);
    const lines: DocumentLine[] = Array.from({ length: 500 }, (_, i) => ({
      ...doc.lines[i % doc.lines.length],
      no: i + 1,
      description: `Item number ${i + 1}`,
    }));
    const big = { ...doc, lines, rows: lines, columns: { suggested: true, margin: true, damaged: true } };
    const pages = pagesOf(await renderInvoicePdf(big), 'long');
    expect(pages.length).toBeGreaterThan(5);
    // Cut ahead into full pages (A4, as renderInvoicePdf draws when told no paper): 37 rows under the head
    // on page 1, 45 after (33 and 41 on Letter); none left half empty.
    const rowsOn = pages.map((page) => page.match(/Item number \d+ /g)?.length ?? 0);
    expect(rowsOn.slice(0, -1).every((n) => n >= 30)).toBe(true);
    expect(rowsOn.reduce((a, b) => a + b, 0)).toBe(500);
    pages.forEach((page, i) => {
      expect(page).toMatch(/No\s+Barcode\s+Description\s+Qty\s+Unit Price\s+SRP\s+Sugg Subtotal\s+Margin %/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const all = pages.join('\n');
    for (const n of [1, 250, 500]) expect(all).toContain(`Item number ${n} `);
    expect(pages.at(-1)).toContain('Total Balance');
  });
});

describe('renderInvoicePdf in any script', () => {
  it('puts each row on the page the estimate cut it for: names that wrap, in Polish, Greek, Russian, signs and CJK', async () => {
    const { invoice } = await documentFixture(t);
    const doc = await documentOf(invoice.id);
    const names = [
      'Łódź Pierogi “Świeże” z mięsem i kapustą',
      'Ελληνικός Καφές Παραδοσιακός',
      'Москва Маркет Пельмени Домашние Сибирские',
      '€5 “Deal” ✓ Value Pack',
      '日本茶 Matcha 抹茶 Tea',
      'Żółć gęślą jaźń',
    ];
    const lines: DocumentLine[] = Array.from({ length: 240 }, (_, i) => ({
      ...doc.lines[i % doc.lines.length],
      no: i + 1,
      description: `Item ${i + 1}: ${names.slice(i % names.length, (i % names.length) + 1 + (i % 3)).join(' ')}`,
    }));
    const big = { ...doc, lines, rows: lines, columns: { suggested: true, margin: true, damaged: true } };
    const cut = invoicePageRows(big).map((rows) => rows.map((row) => (row.kind === 'line' ? row.no : 0)));
    const pages = pagesOf(await renderInvoicePdf(big), 'scripts-long');
    expect(cut.length).toBeGreaterThan(5);
    // Had a page's rows come out taller than estimated, react-pdf would have moved its last ones on.
    const rowsOn = pages.map((page) => [...page.matchAll(/Item (\d+):/g)].map((m) => Number(m[1])));
    expect(rowsOn.slice(0, cut.length)).toEqual(cut);
    // Only the totals and notes may go on past the last cut page.
    expect(pages.length - cut.length).toBeLessThanOrEqual(1);
    expect(rowsOn.slice(cut.length).flat()).toEqual([]);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
  });
});

describe('invoice-pdf-pages', () => {
  it('measures the embedded font and wraps between words', () => {
    // DejaVu Sans Condensed's advance widths (T 1251, o 1116, t 719, a 1123, l 511 of 2048) and 3% for kerning.
    expect(textWidth('Total', 10)).toBeCloseTo(23.21, 2);
    expect(textWidth('Total', 10, true)).toBeGreaterThan(textWidth('Total', 10));
    expect(lineCount('Cola', 100, 8)).toBe(1);
    expect(lineCount('Cola Chips Original Family Size Sugar Free', 60, 8)).toBe(3);
    expect(lineCount('X'.repeat(40), 60, 8)).toBe(4);
  });

  it('fills the first page, then the others; an item taller than a page still gets one', () => {
    const pages = paginate([5, 5, 5, 5, 5, 30], (n) => n, 12, 20);
    expect(pages).toEqual([[5, 5], [5, 5, 5], [30]]);
    expect(paginate([], (n: number) => n, 10, 10)).toEqual([[]]);
  });
});
