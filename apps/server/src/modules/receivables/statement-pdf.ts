import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatDate, formatMoney, type PaperSize, type Statement } from '@wd/contracts';
import { createElement as h } from 'react';
import type { Tx } from '../../db/client.js';
import { PAGE_FOOT_ROOM, PDF_BOLD, PDF_FONT, PDF_MARGIN, pageFoot, pdfPage, renderPdf } from '../../lib/pdf.js';
import { settingsRepository } from '../settings/settings.repository.js';

/**
 * The statement of account as a PDF (docs/receivables.md): A4 or Letter as
 * the settings say, 10 mm margins, the embedded font of lib/pdf.ts (searchable
 * text in any Latin, Greek or Cyrillic name), the table header on every page
 * and at its foot the customer, the period and "Page x of y". A statement is
 * tens of rows, so react-pdf breaks the pages.
 */

const MARGIN = PDF_MARGIN;
const styles = StyleSheet.create({
  page: { padding: MARGIN, paddingBottom: MARGIN + PAGE_FOOT_ROOM, fontSize: 9, fontFamily: PDF_FONT },
  top: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start' },
  fromBlock: { flexGrow: 1, flexBasis: 0, paddingRight: 12 },
  titleBlock: { width: 230 },
  company: { ...PDF_BOLD, fontSize: 13, marginBottom: 2 },
  title: { ...PDF_BOLD, fontSize: 18, marginBottom: 4, textAlign: 'right' },
  right: { textAlign: 'right', marginBottom: 1 },
  to: { marginTop: 14, paddingTop: 6, borderTop: '0.75pt solid #888888' },
  label: { ...PDF_BOLD, color: '#555555', marginBottom: 2 },
  name: { ...PDF_BOLD, fontSize: 11, marginBottom: 1 },
  table: { marginTop: 12 },
  head: { flexDirection: 'row', backgroundColor: '#222222', color: '#ffffff', ...PDF_BOLD },
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #cccccc' },
  bold: PDF_BOLD,
  cell: { padding: 3 },
  sum: { flexDirection: 'row', justifyContent: 'flex-end', marginTop: 10 },
  box: { width: 220, border: '0.75pt solid #888888' },
  sumRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 3, paddingHorizontal: 6 },
  closing: { ...PDF_BOLD, fontSize: 10, borderTop: '0.75pt solid #888888' },
});

const COLUMNS: { label: string; width?: number; right?: boolean }[] = [
  { label: 'Date', width: 64 },
  { label: 'Type', width: 52 },
  { label: 'Reference' },
  { label: 'Invoice', width: 96 },
  { label: 'Charges', width: 72, right: true },
  { label: 'Credits', width: 72, right: true },
  { label: 'Balance', width: 78, right: true },
];

function cells(values: string[], bold = false) {
  return values.map((value, i) => {
    const c = COLUMNS[i];
    const style = [
      styles.cell,
      c.width ? { width: c.width } : { flexGrow: 1, flexBasis: 0 },
      c.right ? { textAlign: 'right' as const } : {},
      bold ? styles.bold : {},
    ];
    return h(Text, { key: String(i), style }, value);
  });
}

const sumRow = (label: string, value: number, closing = false) =>
  h(
    View,
    { key: label, style: closing ? [styles.sumRow, styles.closing] : styles.sumRow },
    h(Text, null, label),
    h(Text, null, formatMoney(value)),
  );

export function statementFileName(s: Statement): string {
  const company =
    s.customer.company.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || `customer-${s.customer.id}`;
  return `statement-${company}-${s.startDate}_${s.endDate}.pdf`;
}

/**
 * The statement PDF on that paper. Its creation date is the statement's end
 * date, so the same statement gives the same bytes.
 */
export function renderStatementPdf(s: Statement, paperSize: PaperSize = 'A4'): Promise<Buffer> {
  const money = (n: number) => (n === 0 ? '' : formatMoney(n));
  const from = [...s.from.addressLines, s.from.phone ? `Phone: ${s.from.phone}` : '', s.from.email].filter(Boolean);
  const to = [...s.customer.addressLines, s.customer.phone ? `Phone: ${s.customer.phone}` : ''].filter(Boolean);
  const period = `${formatDate(s.startDate)} to ${formatDate(s.endDate)}`;
  return renderPdf(
    h(
      Document,
      {
        title: `Statement ${s.customer.company} ${period}`,
        creator: 'Wholesale Desk',
        producer: 'Wholesale Desk',
        creationDate: new Date(`${s.endDate}T12:00:00Z`),
      },
      h(
        Page,
        { size: pdfPage(paperSize).size, style: styles.page },
        h(
          View,
          { style: styles.top },
          h(
            View,
            { style: styles.fromBlock },
            h(Text, { style: styles.company }, s.from.company),
            ...from.map((line, i) => h(Text, { key: String(i) }, line)),
          ),
          h(
            View,
            { style: styles.titleBlock },
            h(Text, { style: styles.title }, 'Statement of Account'),
            h(Text, { style: styles.right }, period),
          ),
        ),
        h(
          View,
          { style: styles.to },
          h(Text, { style: styles.label }, 'To:'),
          h(Text, { style: styles.name }, s.customer.company),
          s.customer.name ? h(Text, null, s.customer.name) : null,
          ...to.map((line, i) => h(Text, { key: String(i) }, line)),
        ),
        h(
          View,
          { style: styles.table },
          h(View, { style: styles.head, fixed: true }, ...cells(COLUMNS.map((c) => c.label))),
          h(
            View,
            { style: styles.row, wrap: false },
            ...cells([formatDate(s.startDate), '', 'Opening balance', '', '', '', formatMoney(s.openingBalance)], true),
          ),
          ...s.entries.map((e, i) =>
            h(
              View,
              { key: String(i), style: styles.row, wrap: false },
              ...cells([
                formatDate(e.date),
                e.kind === 'invoice' ? 'Invoice' : 'Payment',
                e.reference,
                e.kind === 'invoice' ? '' : e.invoiceNo,
                money(e.charge),
                money(e.credit),
                formatMoney(e.balance),
              ]),
            ),
          ),
        ),
        h(
          View,
          { style: styles.sum, wrap: false },
          h(
            View,
            { style: styles.box },
            sumRow('Opening balance', s.openingBalance),
            sumRow('Charges', s.totalCharges),
            sumRow('Credits', s.totalCredits),
            sumRow('Closing balance', s.closingBalance, true),
          ),
        ),
        ...pageFoot(`Statement of Account · ${s.customer.company} · ${period}`),
      ),
    ),
  );
}

/** The statement's PDF on the settings' paper, for the download and the e-mail. */
export async function statementPdf(db: Tx, s: Statement): Promise<Buffer> {
  return renderStatementPdf(s, await settingsRepository.paperSize(db));
}
