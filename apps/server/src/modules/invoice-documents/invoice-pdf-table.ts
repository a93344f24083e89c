import { type DocumentLine, type DocumentRow, formatMoney, formatPercent, type InvoiceDocument } from '@wd/contracts';
import type { TableRow, TableSpec } from '../../lib/pdf-canvas.js';

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

/** The table's columns and header: 8 pt text, 3 pt around each cell, white bold on near-black. */
export function linesTableSpec(flags: InvoiceDocument['columns']): TableSpec {
  const columns = tableColumns(flags);
  return {
    // Amounts stay on one line (a number cut in two would read as another).
    columns: columns.map(({ width, align }) => ({ width, align, nowrap: align === 'right' })),
    header: { cells: columns.map((c) => c.label), style: { bold: true, fill: '#222222', color: '#ffffff' } },
    fontSize: 8,
    padding: 3,
  };
}

const LINE_RULE = { width: 0.5, color: '#cccccc' };
const GROUP_RULE = { width: 0.75, color: '#888888' };

/** The rows as drawn: lines striped every other one, a consignment's group subtotal in bold on grey. */
export function linesTableRows(doc: InvoiceDocument): TableRow[] {
  const columns = tableColumns(doc.columns);
  return doc.rows.map((row) =>
    row.kind === 'groupSubtotal'
      ? { cells: columns.map((c) => c.group?.(row) ?? ''), style: { bold: true, fill: '#e4e4e4', border: GROUP_RULE } }
      : {
          cells: columns.map((c) => c.line(row)),
          style: { fill: row.no % 2 === 0 ? '#f4f4f4' : undefined, border: LINE_RULE },
        },
  );
}
