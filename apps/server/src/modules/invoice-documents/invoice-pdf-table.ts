import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { type DocumentLine, type DocumentRow, formatMoney, formatPercent, type InvoiceDocument } from '@wd/contracts';
import { createElement as h } from 'react';
import { PDF_BOLD } from '../../lib/pdf.js';
import { lineCount } from './invoice-pdf-pages.js';

/** The lines table of the invoice PDF: its columns follow the invoice's flags; the header repeats on every page. */

interface Column {
  label: string;
  /**
   * Width in points; undefined = takes what is left (the description). Each fits its header on one
   * line in bold, the barcode a 14-digit code (13 in bold, on a group row), the money $12,345.67.
   */
  width?: number;
  align?: 'left' | 'right' | 'center';
  line: (l: DocumentLine) => string;
  group?: (g: Extract<DocumentRow, { kind: 'groupSubtotal' }>) => string;
}

const money = formatMoney;
const FONT_SIZE = 8;
/** Points per text line: every text in the PDF has a line height of 1.2 × its size. */
const LINE = FONT_SIZE * 1.2;
const PADDING = 3;
const MARGIN_TOP = 12;

export function tableColumns(flags: InvoiceDocument['columns']): Column[] {
  const columns: Column[] = [
    { label: 'No', width: 24, line: (l) => String(l.no) },
    { label: 'Barcode', width: 76, line: (l) => l.barcode, group: (g) => g.barcode },
    {
      label: 'Description',
      // A damaged return says so in words where no Damaged column does (a negative quantity alone does not).
      line: (l) => (l.damagedGood && !flags.damaged ? `${l.description} (Damaged)` : l.description),
      group: (g) => `Subtotal: ${g.description}`,
    },
    { label: 'Qty', width: 32, align: 'right', line: (l) => String(l.quantity), group: (g) => String(g.quantity) },
    { label: 'Unit Price', width: 54, align: 'right', line: (l) => money(l.unitPrice) },
    // The suggested retail price, as the printed invoice always shows it.
    { label: 'SRP', width: 50, align: 'right', line: (l) => money(l.suggestedRetailPrice) },
  ];
  if (flags.suggested) {
    columns.push({ label: 'Sugg Subtotal', width: 66, align: 'right', line: (l) => money(l.suggestedSubtotal) });
  }
  if (flags.margin)
    columns.push({ label: 'Margin %', width: 46, align: 'right', line: (l) => formatPercent(l.marginPercent) });
  if (flags.damaged) {
    columns.push({ label: 'Damaged', width: 46, align: 'center', line: (l) => (l.damagedGood ? 'Yes' : '') });
  }
  columns.push({
    label: 'Subtotal',
    width: 62,
    align: 'right',
    line: (l) => money(l.subtotal),
    group: (g) => money(g.subtotal),
  });
  return columns;
}

const styles = StyleSheet.create({
  table: { marginTop: MARGIN_TOP },
  header: {
    flexDirection: 'row',
    backgroundColor: '#222222',
    color: '#ffffff',
    ...PDF_BOLD,
    fontSize: FONT_SIZE,
    lineHeight: `${LINE}pt`,
  },
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #cccccc' },
  striped: { backgroundColor: '#f4f4f4' },
  group: {
    flexDirection: 'row',
    backgroundColor: '#e4e4e4',
    ...PDF_BOLD,
    borderBottom: '0.75pt solid #888888',
  },
  cell: { padding: PADDING, fontSize: FONT_SIZE, lineHeight: `${LINE}pt` },
});

function cells(columns: Column[], text: (c: Column) => string) {
  return columns.map((c) =>
    h(
      Text,
      {
        key: c.label,
        style: [
          styles.cell,
          c.width ? { width: c.width } : { flexGrow: 1, flexBasis: 0 },
          { textAlign: c.align ?? 'left' },
        ],
      },
      text(c),
    ),
  );
}

const cellText = (c: Column, row: DocumentRow) => (row.kind === 'line' ? c.line(row) : (c.group?.(row) ?? ''));

/**
 * The columns' widths and a row's height in points, estimated on the high side
 * (invoice-pdf-pages.ts), in a table as wide as the page between its margins.
 */
export function tableMeasure(flags: InvoiceDocument['columns'], contentWidth: number) {
  const columns = tableColumns(flags);
  const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
  const widthOf = (c: Column) => (c.width ?? contentWidth - fixed) - 2 * PADDING;
  const height = (text: (c: Column) => string, bold: boolean, border: number) =>
    2 * PADDING + border + LINE * Math.max(...columns.map((c) => lineCount(text(c), widthOf(c), FONT_SIZE, bold)));
  return {
    /** Its margin above and its header row. */
    head: MARGIN_TOP + height((c) => c.label, true, 0),
    row: (row: DocumentRow) =>
      height((c) => cellText(c, row), row.kind === 'groupSubtotal', row.kind === 'line' ? 0.5 : 0.75),
  };
}

/** The table with some of the invoice's rows; its header repeats should react-pdf still break it. */
export function linesTable(doc: InvoiceDocument, rows: DocumentRow[]) {
  const columns = tableColumns(doc.columns);
  return h(
    View,
    { style: styles.table },
    h(View, { style: styles.header, fixed: true }, ...cells(columns, (c) => c.label)),
    ...rows.map((row, i) => {
      const key = `${row.kind}${i}`;
      if (row.kind === 'groupSubtotal') {
        return h(View, { key, style: styles.group, wrap: false }, ...cells(columns, (c) => cellText(c, row)));
      }
      const style = row.no % 2 === 0 ? [styles.row, styles.striped] : styles.row;
      return h(View, { key, style, wrap: false }, ...cells(columns, (c) => c.line(row)));
    }),
  );
}
