import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  CONSIGNMENT_BANNER_TEXT,
  type DocumentRow,
  type DocumentSuggestions,
  formatDate,
  formatMoney,
  formatPercent,
  type InvoiceDocument,
  type PaperSize,
} from '@wd/contracts';
import { createElement as h } from 'react';
import type { Tx } from '../../db/client.js';
import { PAGE_FOOT_ROOM, PDF_BOLD, PDF_FONT, PDF_MARGIN, pageFoot, pdfPage, renderPdf } from '../../lib/pdf.js';
import { billersRepository } from '../billers/billers.repository.js';
import { filesRepository } from '../files/files.repository.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { invoicePdfFilename, loadInvoiceDocument } from './invoice-document.js';
import { lineCount, paginate } from './invoice-pdf-pages.js';
import { linesTable, tableMeasure } from './invoice-pdf-table.js';

/**
 * The invoice as a PDF (docs/invoice-documents.md), on the paper of the
 * settings (A4 or Letter), drawn from the one document model in the embedded
 * font of lib/pdf.ts (any Latin, Greek or Cyrillic name prints, and its text
 * can be searched and copied). Words wrap between words, never hyphenated.
 */

/** 10 mm in points. */
const MARGIN = PDF_MARGIN;
/** Points per line of a text of that size (every text has lineHeight 1.2). */
const line = (fontSize: number) => fontSize * 1.2;
/** A font size with its line height in points (react-pdf multiplies a bare number by the size, or by 12 pt where none is set). */
const text = (fontSize: number) => ({ fontSize, lineHeight: `${line(fontSize)}pt` });

const styles = StyleSheet.create({
  page: {
    paddingTop: MARGIN,
    paddingHorizontal: MARGIN,
    paddingBottom: MARGIN + PAGE_FOOT_ROOM,
    fontSize: 8,
    fontFamily: PDF_FONT,
  },
  top: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start' },
  biller: { flexDirection: 'row', alignItems: 'flex-start', maxWidth: 340 },
  logo: { maxWidth: 120, maxHeight: 60, marginRight: 10, objectFit: 'contain' },
  company: { ...PDF_BOLD, ...text(13), marginBottom: 2 },
  line: { ...text(9), marginBottom: 1 },
  banner: { border: '2pt solid #000000', paddingVertical: 8, paddingHorizontal: 18 },
  bannerText: { ...PDF_BOLD, ...text(24), letterSpacing: 4 },
  title: { alignItems: 'flex-end' },
  titleText: { ...PDF_BOLD, ...text(18), marginBottom: 4 },
  number: { ...PDF_BOLD, ...text(11), marginBottom: 2 },
  to: { marginTop: 14, paddingTop: 6, borderTop: '0.75pt solid #888888' },
  toLabel: { ...PDF_BOLD, ...text(9), color: '#555555', marginBottom: 2 },
  toName: { ...PDF_BOLD, ...text(11), marginBottom: 1 },
  end: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginTop: 10 },
  box: { width: 210, border: '0.75pt solid #888888' },
  boxTitle: { ...PDF_BOLD, backgroundColor: '#e4e4e4', padding: 4, ...text(9) },
  sumRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 3,
    paddingHorizontal: 6,
    ...text(9),
  },
  balance: { ...PDF_BOLD, ...text(10), borderTop: '0.75pt solid #888888' },
  notes: { marginTop: 12, border: '0.75pt solid #888888' },
  notesText: { padding: 6, ...text(9) },
});

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

function head(doc: InvoiceDocument, assets: InvoicePdfOptions) {
  if (doc.head.print === 'consignmentBanner') {
    return h(View, { style: styles.banner }, h(Text, { style: styles.bannerText }, CONSIGNMENT_BANNER_TEXT));
  }
  if (doc.head.print === 'none') return h(View, null);
  const b = doc.biller;
  const format = assets.logo ? imageFormat(assets.logo) : null;
  return h(
    View,
    { style: styles.biller },
    assets.logo && format ? h(Image, { style: styles.logo, src: { data: assets.logo, format } }) : null,
    h(
      View,
      null,
      h(Text, { style: styles.company }, b.company),
      ...[...b.addressLines, b.phone ? `Phone: ${b.phone}` : '']
        .filter(Boolean)
        .map((line, i) => h(Text, { key: String(i), style: styles.line }, line)),
    ),
  );
}

function customerBlock(doc: InvoiceDocument) {
  const c = doc.customer;
  const lines = c ? [...c.addressLines, c.phone ? `Phone: ${c.phone}` : ''].filter(Boolean) : [];
  return h(
    View,
    { style: styles.to },
    h(Text, { style: styles.toLabel }, 'To:'),
    h(Text, { style: styles.toName }, doc.customerName),
    ...lines.map((line, i) => h(Text, { key: String(i), style: styles.line }, line)),
  );
}

function sumRow(label: string, value: string, key: string, bold = false) {
  return h(
    View,
    { key, style: bold ? [styles.sumRow, styles.balance] : styles.sumRow },
    h(Text, null, label),
    h(Text, null, value),
  );
}

function suggestionsBox(s: DocumentSuggestions) {
  return h(
    View,
    { style: styles.box },
    h(Text, { style: styles.boxTitle }, 'Suggested Retail Analysis'),
    sumRow('Total Sugg', formatMoney(s.totalSuggested), 'ts'),
    sumRow('Sugg Credit', formatMoney(s.suggestedCredited), 'sc'),
    sumRow('Margin %', formatPercent(s.marginPercent), 'mp'),
    sumRow('Sugg Balance', formatMoney(s.suggestedBalance), 'sb', true),
  );
}

function totals(doc: InvoiceDocument) {
  return h(
    View,
    { style: styles.end, wrap: false },
    doc.suggestions ? suggestionsBox(doc.suggestions) : h(View, null),
    h(
      View,
      { style: styles.box },
      ...doc.footer.map((r) => sumRow(r.label, formatMoney(r.amount), r.key, r.key === 'totalBalance')),
    ),
  );
}

/** The proof of delivery: who received the goods, when, and their signature. */
function proofBlock(proof: NonNullable<InvoiceDocument['proof']>) {
  const data = Buffer.from(proof.signature.slice(proof.signature.indexOf(',') + 1), 'base64');
  const format = imageFormat(data);
  const when = new Date(proof.signedAt).toLocaleString('en-US', { timeZone: 'UTC', timeZoneName: 'short' });
  return h(
    View,
    { style: styles.notes, wrap: false },
    h(Text, { style: styles.boxTitle }, 'Proof of Delivery'),
    h(Text, { style: styles.notesText }, `Received by ${proof.receivedBy} on ${when}`),
    format
      ? h(Image, {
          style: { height: 50, width: 200, objectFit: 'contain', marginLeft: 6, marginBottom: 6 },
          src: { data, format },
        })
      : null,
  );
}

function notes(text: string) {
  return h(
    View,
    { style: styles.notes, wrap: false },
    h(Text, { style: styles.boxTitle }, 'Notes For Customer'),
    h(Text, { style: styles.notesText }, text),
  );
}

/** The height of what comes above the table on page 1 (biller or banner, title, "To:"), on the high side. */
function headHeight(doc: InvoiceDocument, logo: boolean): number {
  const b = doc.biller;
  const details = [...b.addressLines, b.phone].filter(Boolean).length;
  const left = {
    consignmentBanner: 4 + 16 + line(24),
    none: 0,
    biller: Math.max(
      logo ? 60 : 0,
      lineCount(b.company, logo ? 210 : 340, 13, true) * line(13) + 2 + details * (line(9) + 1),
    ),
  }[doc.head.print];
  const title = line(18) + 4 + line(11) + 2 + line(9) + 1;
  const c = doc.customer;
  const customerLines = c ? [...c.addressLines, c.phone].filter(Boolean).length : 0;
  const to = 14 + 6 + 1 + line(9) + 2 + line(11) + 1 + customerLines * (line(9) + 1);
  return Math.max(left, title) + to;
}

/** A few points of slack per page against rounding in the estimates. */
const SLACK = 8;

/** The invoice's rows cut into pages by the estimate: one <Page> each, the first under the head. */
export function invoicePageRows(doc: InvoiceDocument, assets: InvoicePdfOptions = {}): DocumentRow[][] {
  const page = pdfPage(assets.paperSize ?? 'A4');
  const table = tableMeasure(doc.columns, page.contentWidth);
  const body = page.height - 2 * MARGIN - PAGE_FOOT_ROOM;
  const room = body - table.head - SLACK;
  const hasLogo = Boolean(assets.logo && imageFormat(assets.logo));
  return paginate(doc.rows, table.row, room - headHeight(doc, hasLogo), room);
}

/**
 * The invoice PDF: A4 or Letter, 10 mm margins, the table header on every
 * page and at its foot the invoice's number and "Page x of y".
 */
export async function renderInvoicePdf(doc: InvoiceDocument, assets: InvoicePdfOptions = {}): Promise<Buffer> {
  const number = doc.invoice.number;
  const { size } = pdfPage(assets.paperSize ?? 'A4');
  const chunks = invoicePageRows(doc, assets);
  const top = h(
    View,
    { key: 'top', style: styles.top },
    head(doc, assets),
    h(
      View,
      { style: styles.title },
      h(Text, { style: styles.titleText }, 'INVOICE'),
      h(Text, { style: styles.number }, `Invoice #${number}`),
      h(Text, { style: styles.line }, `Date: ${formatDate(doc.invoice.date)}`),
    ),
  );
  const pages = chunks.map((rows, i) => {
    const first = i === 0;
    const last = i === chunks.length - 1;
    return h(
      Page,
      { key: String(i), size, style: styles.page },
      first ? top : null,
      first ? customerBlock(doc) : null,
      linesTable(doc, rows),
      last ? totals(doc) : null,
      last && doc.notes ? notes(doc.notes) : null,
      last && doc.proof ? proofBlock(doc.proof) : null,
      ...pageFoot(`Invoice #${number}`),
    );
  });
  return renderPdf(
    h(
      Document,
      {
        title: `Invoice #${number}`,
        author: doc.biller.company,
        subject: `Invoice #${number} for ${doc.customerName}`,
        // A fixed creation date (the invoice's) makes the file, and the /ID pdfkit derives from it,
        // the same bytes on every render of an unchanged invoice: the e-mailed PDF is the download.
        creationDate: new Date(`${doc.invoice.date}T00:00:00Z`),
      },
      ...pages,
    ),
  );
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
