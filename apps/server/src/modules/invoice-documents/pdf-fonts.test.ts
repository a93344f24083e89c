import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSync } from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { multipart, testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import { pdfFonts, pdfText } from '../../../test/pdf-text.js';
import { MISSING_CHARACTER, PDF_FONT_FILES, printableText } from '../../lib/pdf.js';
import { PdfCanvas } from '../../lib/pdf-canvas.js';
import { barcodePng } from '../barcodes/barcode-image.js';

/**
 * The three PDFs the server draws (invoice, statement, resale certificate) in
 * the embedded font, with names in Polish, Greek, Russian and signs: each name
 * reads back exactly (poppler's pdftotext), every font is embedded and none is
 * Helvetica (pdffonts). CJK, which the font lacks, prints as U+FFFD.
 */

const t = testApp();
const inv = invoiceCalls(() => t);
const NAMES = ['Łódź Pierogi', 'Ελληνικά Καφές', 'Москва Маркет', '€5 “Deal” ✓'];

/** PDF_PREVIEW_DIR keeps the PDFs and page-1 pictures there to look at; otherwise a temporary folder. */
const dir = process.env.PDF_PREVIEW_DIR ?? mkdtempSync(join(tmpdir(), 'pdf-fonts-'));
afterAll(() => {
  if (!process.env.PDF_PREVIEW_DIR) rmSync(dir, { recursive: true, force: true });
});

/** The PDF's text; it also keeps the file and a picture of its page 1 (pdftoppm -png -r 60). */
function read(pdf: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(dir, name)]);
  return pdfText(pdf);
}

/** Every font is the embedded subset of DejaVu Sans Condensed (regular or bold): no Helvetica, nothing left to the viewer. */
function expectEmbeddedFontsOnly(pdf: Buffer) {
  const fonts = pdfFonts(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font.embedded, font.name).toBe(true);
    expect(font.name).not.toMatch(/helvetica/i);
    expect(font.name).toMatch(/^[A-Z]{6}\+DejaVuSansCondensed(-Bold)?$/);
  }
}

let customer: { id: number; company: string };
let invoiceId: number;
beforeAll(async () => {
  // The house biller (biller 1) is the invoice's biller, the statement's sender and the certificate's seller.
  const biller = await t.call(
    'PATCH',
    '/api/supplier/update/',
    { id: 1, company: NAMES[3], address: NAMES[2], city: 'Dallas', state: 'TX' },
    t.adminToken,
  );
  expect(biller.statusCode, biller.body).toBe(200);
  const res = await t.call(
    'POST',
    '/api/customer/new/',
    {
      company: NAMES[0],
      name: NAMES[1],
      address: NAMES[2],
      city: 'Warszawa',
      postalCode: '00-001',
      taxPermitNumber: '32012345678',
    },
    t.adminToken,
  );
  expect(res.statusCode, res.body).toBe(200);
  customer = res.json().customer;
  const { id } = await inv.newInvoice();
  invoiceId = id;
  await inv.setInvoice(id, { customerID: customer.id, billerID: 1, notes: 'Dziękujemy!\nСпасибо · Ευχαριστώ' });
  for (const name of NAMES) await inv.addLine(id, (await createProduct(t, { name, sellingPrice: 2.5 })).id);
  await inv.setInvoice(id, { status: 'DUE' });
});

describe('PDFs in Latin with diacritics, Greek, Cyrillic and signs', () => {
  it('the invoice: biller, customer and every product name read back exactly', async () => {
    const res = await t.call('GET', `/api/invoice/pdf/${invoiceId}/`, undefined, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const text = read(res.rawPayload, 'scripts-invoice');
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('Dziękujemy!\nСпасибо · Ευχαριστώ');
    expectEmbeddedFontsOnly(res.rawPayload);
  });

  it('the statement: sender, customer, contact and address read back exactly', async () => {
    const res = await t.call('POST', `/api/customer/statement/pdf/${customer.id}/`, {}, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const text = read(res.rawPayload, 'scripts-statement');
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('Statement of Account');
    expectEmbeddedFontsOnly(res.rawPayload);
  });

  it('the resale certificate: seller, buyer, contact and address read back exactly', async () => {
    const png = await barcodePng('CERT-UNICODE', 'code128');
    const body = multipart([{ name: 'resaleCertificate', filename: 'cert.png', contentType: 'image/png', data: png }]);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/customer/resale_certificate/${customer.id}/`,
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const res = await t.call('GET', `/api/customer/resale_certificate/${customer.id}/`, undefined, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const text = read(res.rawPayload, 'scripts-certificate');
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('Tax permit number: 32012345678');
    // The font joins "fi" into one glyph: it still reads back as the two letters.
    expect(text).toContain('Resale Certificate\nDate verified:');
    expectEmbeddedFontsOnly(res.rawPayload);
  });

  it('CJK prints as one U+FFFD a character, its neighbours intact; the metadata keeps the name', async () => {
    const cjk = await t.call('POST', '/api/customer/new/', { company: '日本茶 Tea House' }, t.adminToken);
    expect(cjk.statusCode, cjk.body).toBe(200);
    const { id } = await inv.newInvoice();
    await inv.setInvoice(id, { customerID: cjk.json().customer.id, billerID: 2 });
    await inv.addLine(id, (await createProduct(t, { name: 'Łódź 抹茶 Matcha “Bio”' })).id);
    const res = await t.call('GET', `/api/invoice/pdf/${id}/`, undefined, t.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const text = read(res.rawPayload, 'scripts-cjk');
    const m = MISSING_CHARACTER;
    expect(text).toContain(`${m.repeat(3)} Tea House`);
    expect(text).toContain(`Łódź ${m.repeat(2)} Matcha “Bio”`);
    expectEmbeddedFontsOnly(res.rawPayload);
    // The document's properties are not drawn with the font: they keep the name as it is.
    const file = join(dir, 'scripts-cjk.pdf');
    expect(execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' })).toMatch(/for 日本茶 Tea House/);
  });
});

describe('PdfCanvas', () => {
  /** A page with the text in regular, then in bold. */
  const render = (text: string) => {
    const c = new PdfCanvas('A4', { title: 'fonts', creationDate: new Date(0) });
    c.y += c.text(text, c.left, c.y, c.width, { size: 9 });
    c.text(text, c.left, c.y, c.width, { size: 9, bold: true });
    return c.finish(null);
  };

  it('a letter the font draws as a part of another still reads back when it comes later by itself', async () => {
    // The font draws Kazakh "Ә" from "Ə", Ossetian "Ӕ" from "Æ" and Kazakh "Ө" from "Ɵ", regular and bold.
    expect(pdfText(await render('Әлия Өскемен Ӕӕ'))).toContain('Әлия Өскемен Ӕӕ');
    const text = pdfText(await render('Ærø Bageri · Əliyev Market · Ɵ ɵ æ ə'));
    expect(text.split('\n').filter((line) => line === 'Ærø Bageri · Əliyev Market · Ɵ ɵ æ ə')).toHaveLength(2);
  });

  it('draws a multi-line text in the embedded font alone (no Helvetica for its line feeds)', async () => {
    const pdf = await render('Line one\nLine two\r\nLine\tthree');
    expect(pdfText(pdf)).toContain('Line one\nLine two\nLine three');
    expectEmbeddedFontsOnly(pdf);
  });
});

describe('printableText', () => {
  it('keeps what the font draws and line breaks, puts U+FFFD for the rest, drops invisible ones', () => {
    const ascii = 'Cola 12oz "Hot" & Spicy';
    expect(printableText(ascii)).toBe(ascii);
    for (const name of NAMES) expect(printableText(name)).toBe(name);
    expect(printableText('Line one\r\n\tLine two\rthree\u0007')).toBe('Line one\n Line two\nthree');
    expect(printableText('日本茶 Tea')).toBe('\uFFFD\uFFFD\uFFFD Tea');
    expect(printableText('한국 😀')).toBe('\uFFFD\uFFFD 😀');
    // A tag character (part of some flag emoji) is invisible, so it is left out rather than shown as U+FFFD.
    expect(printableText('A\u{E0020}B')).toBe('AB');
  });
});

describe('the width a line is wrapped at', () => {
  const fonts = { regular: openSync(PDF_FONT_FILES.regular), bold: openSync(PDF_FONT_FILES.bold) };
  /** The width fontkit lays the text out at, with the font's kerning, in points at 10 pt. */
  const laidOut = (text: string, bold: boolean) => {
    const font = fonts[bold ? 'bold' : 'regular'];
    if ('fonts' in font) throw new Error('a font collection');
    return (font.layout(printableText(text)).advanceWidth * 10) / font.unitsPerEm;
  };
  const samples = [
    ...NAMES,
    'Total',
    'Sugg Subtotal',
    '$12,345.67',
    'Ford’s “Fresh” Farm',
    'Café “Über” Co',
    'LAST AAA-J',
    'Kraft-Heinz O-Ring',
    'Żółć gęślą jaźń',
    'Ψυχοφθόρα ζάχαρη',
    'Съешь же ещё этих мягких французских булок',
    '日本茶 Tea House',
    'Việt Nam',
  ];

  it('is the width the font lays it out at, kerning and all, in every script', () => {
    const canvas = new PdfCanvas('A4', { title: 'widths', creationDate: new Date(0) });
    for (const bold of [false, true]) {
      for (const text of samples) {
        const line = printableText(text);
        // Word by word as the PDF draws it; a space kerns with no letter of these.
        expect(canvas.measure(line, { size: 10, bold }), text).toBeCloseTo(laidOut(text, bold), 1);
      }
    }
  });
});
