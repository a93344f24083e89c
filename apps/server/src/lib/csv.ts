import type { ColumnKind, ColumnSpec } from '@wd/contracts';
import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of the server: lists' streamed exports (lib/export.ts), reports, the aging
 * report and an import's refused rows all write their cells here, by the kind of their column
 * (ColumnSpec in contracts). RFC 4180, CRLF, quoted where needed, after a UTF-8 BOM.
 */

/**
 * Every CSV download starts with a UTF-8 byte order mark: without it Excel on
 * Windows reads the file as its ANSI code page and "Jalapeño" shows as
 * "JalapeÃ±o". Spreadsheets and CSV libraries take it (the import skips it).
 */
export const UTF8_BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage
 * return first: "=HYPERLINK(…)" typed as a product name) is written with a
 * leading apostrophe, which Excel shows as text (OWASP "CSV injection"). Only
 * text cells: numbers, money and dates are never changed. The import reads
 * '=… back as =… (modules/imports/plan.ts).
 */
export function textCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Whole cents (a number, or the database's text of one) as dollars: -1234 → "-12.34", exact for any amount. */
export function centsText(cents: string | number): string {
  const text = String(cents);
  if (!/^-?\d+$/.test(text)) throw new Error(`not a whole number of cents: ${text}`);
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A cell by its column's kind: money from cents with two decimals and no $, counts and dates as they are, text with formulas defused; nothing for null. */
function csvCell(value: unknown, kind: ColumnKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money') return centsText(value as string | number);
  const text = String(value);
  return kind === 'text' ? textCell(text) : text;
}

/** Records (cells already written) as CSV lines. */
export function csvLines(records: string[][]): string {
  return stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** The heading row. */
export const csvHeading = (columns: readonly ColumnSpec[]) => columns.map((c) => c.title);

/** One row's cells under the columns. */
export const csvRecord = (columns: readonly ColumnSpec[], row: Record<string, unknown>) =>
  columns.map((c) => csvCell(row[c.key], c.kind));

export interface CsvTable {
  columns: readonly ColumnSpec[];
  /** The rows, money in cents. */
  rows: readonly Record<string, unknown>[];
  /** A last row: 'Totals' in the first column and these sums (cents) under theirs. */
  totals?: Record<string, unknown>;
}

/** A table held in memory as CSV: the heading row, the rows, then the totals row. */
export function tableCsv({ columns, rows, totals }: CsvTable): Buffer {
  const records = [csvHeading(columns), ...rows.map((row) => csvRecord(columns, row))];
  if (totals) records.push(columns.map((c, i) => (i === 0 ? 'Totals' : csvCell(totals[c.key], c.kind))));
  return Buffer.from(UTF8_BOM + csvLines(records), 'utf8');
}
