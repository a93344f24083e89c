import {
  CONSIGNMENT_BANNER_TEXT,
  type DocumentSuggestions,
  formatDate,
  formatMoney,
  formatPercent,
  type InvoiceDocument,
  type PaperSize,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { fitImage, lineHeight, PdfCanvas, type PdfImage, type SumRow, sumBoxHeight } from '../../lib/pdf-canvas.js';
import { billersRepository } from '../billers/billers.repository.js';
import { filesRepository } from '../files/files.repository.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { invoicePdfFilename, loadInvoiceDocument } from './invoice-document.js';
import { linesTableRows, linesTableSpec } from './invoice-pdf-table.js';

/**
 * The invoice as a PDF (docs/invoice-documents.md), on the paper of the
 * settings (A4 or Letter), drawn from the one document model in the embedded
 * font (any Latin, Greek or Cyrillic name prints, and its text can be searched
 * and copied). Words wrap between words, never hyphenated.
 *
 * At the top the biller (or the consignment banner) and the title, under them
 * the customer; then the lines, their header on every page; then the totals,
 * the notes and the proof of delivery, each kept whole on a page; at the foot
 * of each page the invoice's number and "Page x of y".
 */

export interface InvoicePdfOptions {
  /** The biller's logo, drawn beside its details when it is a JPEG or PNG (anything else is left out). */
  logo?: Buffer | null;
  /** The paper, A4 unless told (the settings' paperSize). */
  paperSize?: PaperSize;
}

/** What a PDF can embed, told from the file's first bytes. */
function imageFormat(data: Buffer): 'png' | 'jpg' | null {
  if (data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return 'png';
  if (data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpg';
  return null;
}

const BILLER_WIDTH = 340;
const TITLE_WIDTH = 200;
const LOGO = { width: 120, height: 60, gap: 10 };
const BANNER = { border: 2, padX: 18, padY: 8, size: 24, spacing: 4 };

/** The biller's logo and details, the banner or nothing at the left; the title at the right. Returns its height. */
function top(c: PdfCanvas, doc: InvoiceDocument, logo: PdfImage | null): number {
  const title = c.stack(c.right - TITLE_WIDTH, c.y, TITLE_WIDTH, [
    { text: 'INVOICE', size: 18, bold: true, gap: 4, align: 'right' },
    { text: `Invoice #${doc.invoice.number}`, size: 11, bold: true, gap: 2, align: 'right' },
    { text: `Date: ${formatDate(doc.invoice.date)}`, size: 9, gap: 1, align: 'right' },
  ]);
  let left = 0;
  if (doc.head.print === 'consignmentBanner') {
    const banner = { size: BANNER.size, bold: true, letterSpacing: BANNER.spacing };
    const width = c.measure(CONSIGNMENT_BANNER_TEXT, banner) + 2 * (BANNER.padX + BANNER.border);
    left = 2 * (BANNER.padY + BANNER.border) + lineHeight(BANNER.size);
    c.frame(c.left, c.y, width, left, BANNER.border, '#000000');
    c.lines(
      [CONSIGNMENT_BANNER_TEXT],
      c.left + BANNER.border + BANNER.padX,
      c.y + BANNER.border + BANNER.padY,
      width,
      banner,
    );
  } else if (doc.head.print === 'biller') {
    const b = doc.biller;
    let x = c.left;
    if (logo) {
      const size = fitImage(logo, LOGO.width, LOGO.height);
      c.image(logo, x, c.y, size);
      x += size.width + LOGO.gap;
      left = size.height;
    }
    const details = [...b.addressLines, b.phone ? `Phone: ${b.phone}` : ''].filter(Boolean);
    const text = c.stack(x, c.y, c.left + BILLER_WIDTH - x, [
      { text: b.company, size: 13, bold: true, gap: 2 },
      ...details.map((line) => ({ text: line, size: 9, gap: 1 })),
    ]);
    left = Math.max(left, text);
  }
  return Math.max(left, title);
}

const SUM_WIDTH = 210;

function suggestionRows(s: DocumentSuggestions): SumRow[] {
  return [
    { label: 'Total Sugg', value: formatMoney(s.totalSuggested) },
    { label: 'Sugg Credit', value: formatMoney(s.suggestedCredited) },
    { label: 'Margin %', value: formatPercent(s.marginPercent) },
    { label: 'Sugg Balance', value: formatMoney(s.suggestedBalance), closing: true },
  ];
}

/** The suggested retail analysis (when asked for) at the left and the footer rows at the right, kept together. */
function totals(c: PdfCanvas, doc: InvoiceDocument): void {
  const footer = doc.footer.map((r) => ({
    label: r.label,
    value: formatMoney(r.amount),
    closing: r.key === 'totalBalance',
  }));
  const suggestions = doc.suggestions ? suggestionRows(doc.suggestions) : null;
  const title = 'Suggested Retail Analysis';
  const height = Math.max(sumBoxHeight(null, footer), suggestions ? sumBoxHeight(title, suggestions) : 0);
  c.y += 10;
  c.ensure(height);
  if (suggestions) c.sumBox(c.left, c.y, SUM_WIDTH, title, suggestions);
  c.sumBox(c.right - SUM_WIDTH, c.y, SUM_WIDTH, null, footer);
  c.y += height;
}

const SIGNATURE = { width: 200, height: 50 };

/** The proof of delivery: who received the goods, when, and their signature. */
function proofBlock(c: PdfCanvas, proof: NonNullable<InvoiceDocument['proof']>): void {
  const data = Buffer.from(proof.signature.slice(proof.signature.indexOf(',') + 1), 'base64');
  const image = imageFormat(data) ? c.openImage(data) : null;
  const when = new Date(proof.signedAt).toLocaleString('en-US', { timeZone: 'UTC', timeZoneName: 'short' });
  const picture = image ? { image, ...fitImage(image, SIGNATURE.width, SIGNATURE.height) } : undefined;
  c.textBox('Proof of Delivery', `Received by ${proof.receivedBy} on ${when}`, picture);
}

/**
 * The invoice PDF: A4 or Letter, 10 mm margins, the table header on every
 * page and at its foot the invoice's number and "Page x of y".
 */
export async function renderInvoicePdf(doc: InvoiceDocument, assets: InvoicePdfOptions = {}): Promise<Buffer> {
  const number = doc.invoice.number;
  const c = new PdfCanvas(assets.paperSize ?? 'A4', {
    title: `Invoice #${number}`,
    author: doc.biller.company,
    subject: `Invoice #${number} for ${doc.customerName}`,
    // A fixed creation date (the invoice's) makes the file, and the /ID pdfkit derives from it,
    // the same bytes on every render of an unchanged invoice: the e-mailed PDF is the download.
    creationDate: new Date(`${doc.invoice.date}T00:00:00Z`),
  });
  const logo = doc.head.print === 'biller' && assets.logo && imageFormat(assets.logo) ? c.openImage(assets.logo) : null;
  c.y += top(c, doc, logo);
  const cust = doc.customer;
  c.addressee(
    doc.customerName,
    cust ? [...cust.addressLines, cust.phone ? `Phone: ${cust.phone}` : ''].filter(Boolean) : [],
  );
  c.y += 12;
  c.table(linesTableSpec(doc.columns), linesTableRows(doc));
  totals(c, doc);
  // Notes of blanks alone print no box; blank lines at either end are left out.
  const notes = doc.notes.replace(/^\s*\n|\s+$/g, '');
  if (notes.trim()) c.textBox('Notes For Customer', notes);
  if (doc.proof) proofBlock(c, doc.proof);
  return c.finish(`Invoice #${number}`);
}

/** The biller's stored logo when the PDF can embed it (JPEG or PNG); null otherwise. */
async function billerLogo(db: Tx, billerId: number): Promise<Buffer | null> {
  const fileId = await billersRepository.logo(db, billerId);
  const file = fileId ? await filesRepository.find(db, fileId) : undefined;
  return file && ['image/png', 'image/jpeg'].includes(file.contentType) ? file.data : null;
}

/**
 * The invoice's PDF on the settings' paper and its file name ('1042.pdf' for
 * Invoice/1042), for the download and the e-mail.
 */
export async function invoicePdf(db: Tx, id: number): Promise<{ filename: string; data: Buffer }> {
  const doc = await loadInvoiceDocument(db, id);
  const logo = doc.head.print === 'biller' ? await billerLogo(db, doc.biller.id) : null;
  const paperSize = await settingsRepository.paperSize(db);
  return {
    filename: invoicePdfFilename(doc),
    data: await renderInvoicePdf(doc, { logo, paperSize }),
  };
}
