import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentLine, InvoiceDocument } from '@wd/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { documentFixture } from '../../../test/documents.js';
import { multipart, testApp } from '../../../test/helpers.js';
import { PdfCanvas, wrapWords } from '../../lib/pdf-canvas.js';
import { barcodePng } from '../barcodes/barcode-image.js';
import { renderInvoicePdf } from './invoice-pdf.js';

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
  it('keeps every row whole and in order across the pages: names that wrap, in Polish, Greek, Russian, signs and CJK', async () => {
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
    const pages = pagesOf(await renderInvoicePdf(big), 'scripts-long');
    expect(pages.length).toBeGreaterThan(5);
    // Each row's number once, on one page, in order: no row cut in two, none lost or repeated.
    const rowsOn = pages.map((page) => [...page.matchAll(/Item (\d+):/g)].map((m) => Number(m[1])));
    expect(rowsOn.flat()).toEqual(lines.map((l) => l.no));
    // Pages are filled: 16–17 of these three- to six-line rows a page, 13 under the head of page 1.
    expect(rowsOn[0].length).toBeGreaterThanOrEqual(12);
    expect(rowsOn.slice(1, -1).every((rows) => rows.length >= 15)).toBe(true);
    for (const [i, page] of pages.entries()) {
      expect(page).toMatch(/No\s+Barcode\s+Description\s+Qty/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    expect(pages.at(-1)).toContain('Total Balance');
  });
});

describe('renderInvoicePdf at the edges', () => {
  it('cuts a line taller than a page between its text lines, keeps amounts whole and prints no box for blank notes', async () => {
    const { invoice } = await documentFixture(t);
    const doc = await documentOf(invoice.id);
    const tall = { ...doc.lines[0], no: 1, description: `${'word '.repeat(1500)}end`, suggestedRetailPrice: 123456.78 };
    const big = {
      ...doc,
      lines: [tall],
      rows: [tall],
      notes: ' \n \t ',
      columns: { suggested: true, margin: true, damaged: true },
    };
    const pages = pagesOf(await renderInvoicePdf(big), 'tall-line');
    // ~500 text lines of three words: a few pages, each under the header and with its foot, nothing lost.
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.length).toBeLessThan(10);
    expect(pages.join('\n').match(/\bword\b/g)).toHaveLength(1500);
    pages.forEach((page, i) => {
      expect(page).toMatch(/No\s+Barcode\s+Description\s+Qty/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages[0]).toContain('$123,456.78');
    expect(pages.join('\n')).not.toContain('Notes For Customer');
  });
});

describe('wrapping', () => {
  it('wraps between words, breaks a word wider than the box, keeps line breaks', () => {
    const chars = (line: string) => line.length;
    expect(wrapWords('Cola Chips Original Family Size', 12, chars)).toEqual(['Cola Chips', 'Original', 'Family Size']);
    expect(wrapWords('X'.repeat(25), 10, chars)).toEqual(['X'.repeat(10), 'X'.repeat(10), 'X'.repeat(5)]);
    expect(wrapWords('One\n\nTwo  words', 20, chars)).toEqual(['One', '', 'Two words']);
    expect(wrapWords('', 10, chars)).toEqual(['']);
    // A no-break space holds its words together.
    expect(wrapWords('Ab\u00a0Cd Ef', 5, chars)).toEqual(['Ab\u00a0Cd', 'Ef']);
  });

  it('measures in the embedded font as drawn: each wrapped line fits its box', () => {
    const canvas = new PdfCanvas('A4', { title: 'wrap', creationDate: new Date(0) });
    const style = { size: 8 };
    // DejaVu Sans Condensed's advance widths in 1/2048 em: T 1251, o 1116, t 719, a 1123, l 511 (23.05 pt at
    // 10 pt), and "To" kerned 453 closer: 20.83 pt.
    expect(canvas.measure('Total', { size: 10 })).toBeCloseTo((10 * (1251 + 1116 + 719 + 1123 + 511 - 453)) / 2048, 2);
    expect(canvas.measure('Total', { size: 10, bold: true })).toBeGreaterThan(canvas.measure('Total', { size: 10 }));
    const name = 'Cola Chips Original Family Size Sugar Free Łódź Москва';
    const wrapped = canvas.wrap(name, 60, style);
    expect(wrapped.join(' ')).toBe(name);
    expect(wrapped.length).toBeGreaterThan(2);
    for (const line of wrapped) expect(canvas.measure(line, style)).toBeLessThanOrEqual(60);
    expect(canvas.ellipsize(name, 60, style)).toMatch(/^Cola Chips.*…$/);
    expect(canvas.measure(canvas.ellipsize(name, 60, style), style)).toBeLessThanOrEqual(60);
  });
});
