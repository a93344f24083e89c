import { stringify } from 'csv-stringify/sync';

/**
 * Every CSV download starts with a UTF-8 byte order mark: without it Excel on
 * Windows reads the file as its ANSI code page and "Jalapeño" shows as
 * "JalapeÃ±o". Spreadsheets and CSV libraries take it (the import skips it).
 */
export const UTF8_BOM = '\uFEFF';

/** A CSV column: the row field and its heading. */
export type CsvColumn = readonly [key: string, title: string];

export interface CsvTable {
  columns: readonly CsvColumn[];
  rows: readonly Record<string, unknown>[];
  /** Fields that are whole numbers (counts, ids); other numbers are money, written with two decimals. */
  whole?: ReadonlySet<string>;
  /** A last row: 'Totals' in the first column and these sums under theirs. */
  totals?: Record<string, unknown>;
}

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

/** A cell: text as is (formulas defused), whole numbers as they are, money with two decimals and no `$`; nothing for null. */
function cell(value: unknown, whole: boolean): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return whole ? String(value) : value.toFixed(2);
  return textCell(String(value));
}

/** A table as RFC 4180 CSV (CRLF, quoted where needed), UTF-8 with a BOM: the heading row, the rows, then the totals row. */
export function tableCsv({ columns, rows, whole = new Set(), totals }: CsvTable): Buffer {
  const line = (row: Record<string, unknown>) => columns.map(([key]) => cell(row[key], whole.has(key)));
  const records = [columns.map(([, title]) => title), ...rows.map(line)];
  if (totals) records.push(columns.map(([key], i) => (i === 0 ? 'Totals' : cell(totals[key], whole.has(key)))));
  return Buffer.from(UTF8_BOM + stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ }), 'utf8');
}
