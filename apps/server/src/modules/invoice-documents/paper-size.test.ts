import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PaperSize, Statement } from '@wd/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { documentFixture } from '../../../test/documents.js';
import { multipart, testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { PAPER_POINTS, PDF_MARGIN } from '../../lib/pdf.js';
import { barcodePng } from '../barcodes/barcode-image.js';
import { renderStatementPdf } from '../receivables/statement-pdf.js';

/**
 * The paper of the settings (A4 or Letter) on the three PDFs, read back with
 * poppler: the page size as pdfinfo gives it, the text of one page as
 * pdftotext lays it out, and where each word lies (pdftotext -bbox).
 */

const t = testApp();
const inv = invoiceCalls(() => t);
/** PDF_PREVIEW_DIR keeps the PDFs there to look at; otherwise a temporary folder. */
const dir = process.env.PDF_PREVIEW_DIR ?? mkdtempSync(join(tmpdir(), 'paper-size-'));
afterAll(() => {
  if (!process.env.PDF_PREVIEW_DIR) rmSync(dir, { recursive: true, force: true });
});

function save(pdf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** pdfinfo's page size and page count. */
function info(pdf: Buffer, name: string): { size: string; pages: number } {
  const out = execFileSync('pdfinfo', [save(pdf, name)], { encoding: 'utf8' });
  return { size: /^Page size:\s+(.*)$/m.exec(out)?.[1] ?? '', pages: Number(/^Pages:\s+(\d+)$/m.exec(out)?.[1]) };
}

/** One page's text, laid out (pdftotext -layout -f n -l n). */
function pageText(pdf: Buffer, name: string, page: number): string {
  const args = ['-layout', '-enc', 'UTF-8', '-f', String(page), '-l', String(page), save(pdf, name), '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8' });
}

/** The right edge of the rightmost word on any page, in points (pdftotext -bbox). */
function rightmostWord(pdf: Buffer, name: string): number {
  const html = execFileSync('pdftotext', ['-bbox', save(pdf, name), '-'], { encoding: 'utf8' });
  return Math.max(...[...html.matchAll(/<word [^>]*xMax="([\d.]+)"/g)].map((m) => Number(m[1])));
}

const SIZES: Record<PaperSize, string> = {
  A4: '595.28 x 841.89 pts (A4)',
  Letter: '612 x 792 pts (letter)',
};

const setPaper = async (paperSize: PaperSize) => {
  const res = await t.call('PATCH', '/api/settings/update/', { paperSize }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().settings.paperSize).toBe(paperSize);
};

describe('the paper of the settings', () => {
  it('lays out the invoice PDF, the statement and the resale certificate: A4 at first, Letter once set, A4 again', async () => {
    const { invoice, customer } = await documentFixture(t);
    const png = await barcodePng('CERT-PAPER', 'code128');
    const body = multipart([{ name: 'resaleCertificate', filename: 'cert.png', contentType: 'image/png', data: png }]);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/customer/resale_certificate/${customer.id}/`,
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const sizes = async (name: string) => {
      const pdfs = {
        invoice: await t.call('GET', `/api/invoice/pdf/${invoice.id}/`, undefined, t.adminToken),
        statement: await t.call('POST', `/api/customer/statement/pdf/${customer.id}/`, {}, t.adminToken),
        certificate: await t.call('GET', `/api/customer/resale_certificate/${customer.id}/`, undefined, t.adminToken),
      };
      return Object.fromEntries(
        Object.entries(pdfs).map(([kind, res]) => {
          expect(res.statusCode, res.body).toBe(200);
          return [kind, info(res.rawPayload, `${name}-${kind}`).size];
        }),
      );
    };
    const all = (size: string) => ({ invoice: size, statement: size, certificate: size });

    expect((await t.call('GET', '/api/settings/', undefined, t.adminToken)).json().settings.paperSize).toBe('A4');
    expect(await sizes('first')).toEqual(all(SIZES.A4));
    await setPaper('Letter');
    expect(await sizes('letter')).toEqual(all(SIZES.Letter));
    await setPaper('A4');
    expect(await sizes('a4')).toEqual(all(SIZES.A4));
  }, 120_000);

  it('a 120-line invoice of long names: the number and "Page x of y" on every page, nothing past the margin', async () => {
    const long = await createProduct(t, {
      name: 'Grandma’s Old Fashioned Extra Crunchy Kettle Cooked Sea Salt & Cracked Black Pepper Potato Chips Family Size',
      sellingPrice: 3.25,
      suggestedRetailPrice: 4.99,
    });
    const { id, invoiceNo } = await inv.newInvoice();
    await inv.setInvoice(id, { showSuggestedAnalysis: 1, showIndividualMargin: 1, showDamagedGoods: 1 });
    for (let i = 0; i < 120; i += 1) await inv.addLine(id, long.id);
    await inv.setInvoice(id, { status: 'DUE' });
    const number = invoiceNo.replace('Invoice/', '');

    for (const paper of ['A4', 'Letter'] as const) {
      await setPaper(paper);
      const res = await t.call('GET', `/api/invoice/pdf/${id}/`, undefined, t.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      const name = `long-${paper}`;
      const { size, pages } = info(res.rawPayload, name);
      expect(size).toBe(SIZES[paper]);
      expect(pages).toBeGreaterThanOrEqual(3);
      for (let page = 1; page <= pages; page += 1) {
        const text = pageText(res.rawPayload, name, page);
        expect(text).toMatch(new RegExp(`Invoice #${number}\\s+Page ${page} of ${pages}\\s*$`));
        expect(text).toMatch(
          /No\s+Barcode\s+Description\s+Qty\s+Unit Price\s+SRP\s+Sugg Subtotal\s+Margin %\s+Damaged/,
        );
      }
      // The name wraps inside its column: its first words and its last ones on lines of their own.
      const second = pageText(res.rawPayload, name, 2);
      expect(second).toMatch(/Grandma’s Old/);
      expect(second).not.toContain('Sea Salt & Cracked Black Pepper Potato Chips Family Size');
      expect(rightmostWord(res.rawPayload, name)).toBeLessThanOrEqual(PAPER_POINTS[paper].width - PDF_MARGIN + 0.5);
    }
    await setPaper('A4');
  }, 180_000);

  it('a statement longer than a page: the customer, the period and "Page x of y" on each', async () => {
    const { customer } = await documentFixture(t);
    const res = await t.call('POST', `/api/customer/statement/${customer.id}/`, {}, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const one: Statement = res.json().statement;
    expect(one.entries.length).toBeGreaterThan(0);
    const entries = Array.from({ length: 90 }, (_, i) => ({ ...one.entries[i % one.entries.length] }));
    for (const paper of ['A4', 'Letter'] as const) {
      const pdf = await renderStatementPdf({ ...one, entries }, paper);
      const name = `statement-${paper}`;
      const { size, pages } = info(pdf, name);
      expect(size).toBe(SIZES[paper]);
      expect(pages).toBeGreaterThanOrEqual(2);
      const second = pageText(pdf, name, 2);
      expect(second).toMatch(/Date\s+Type\s+Reference\s+Invoice\s+Charges\s+Credits\s+Balance/);
      expect(second).toMatch(new RegExp(`Statement of Account · ${customer.company} · .+ to .+\\s+Page 2 of ${pages}`));
    }
  }, 120_000);
});
