import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { ValidationError } from '../../lib/errors.js';

/** A CSV file or a workbook's first sheet as read: its heading row and its rows, each with its line in the file. */
export interface CsvFile {
  headings: string[];
  rows: { line: number; cells: string[] }[];
}

/** UTF-8 (a BOM is dropped) when the bytes are UTF-8, else Windows-1252 (what Excel's "CSV" writes). */
export function decodeText(data: Buffer): string {
  // Excel's "Unicode Text": UTF-16 with its byte order mark.
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The separator of the file: of comma, semicolon and tab, the one that splits
 * the heading row (read by the CSV parser, quotes and all) into the most columns.
 */
function detectDelimiter(text: string): string {
  let best: string = ',';
  let most = 0;
  for (const delimiter of DELIMITERS) {
    try {
      const [first] = parse(text, {
        delimiter,
        to_line: 1,
        relax_quotes: true,
        relax_column_count: true,
      }) as string[][];
      if (first && first.length > most) {
        most = first.length;
        best = delimiter;
      }
    } catch {
      // Not this one.
    }
  }
  return best;
}

/**
 * Reads an uploaded CSV with the CSV library (quotes, doubled quotes, line
 * breaks in cells, CRLF or LF, a BOM; comma, semicolon or tab separated).
 * Blank lines are skipped; a row may have fewer or more cells than the heading.
 */
export function readCsv(data: Buffer): CsvFile {
  const text = decodeText(data);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // A quote inside an unquoted cell (12" pizza) is part of the text.
      relax_quotes: true,
      // LF, CRLF or CR, even mixed in one file.
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
    }) as never;
  } catch (error) {
    throw new ValidationError(csvProblem(error as Error & { code?: string; lines?: number }), 'file');
  }
  // The parser counts lines to a record's end; a quoted cell's own line breaks come before it.
  const breaks = (cells: string[]) => cells.reduce((n, c) => n + (c.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
  return table(records.map((r) => ({ line: r.info.lines - breaks(r.record), cells: r.record })));
}

/** The CSV library's complaint in words a user can act on. */
function csvProblem(error: Error & { code?: string; lines?: number }): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return 'The file is not a readable CSV: a quote (") opens a cell that is never closed; look for a cell with an odd number of quotes';
  }
  const at = error.lines ? ` (line ${error.lines})` : '';
  return `The file is not a readable CSV${at}: ${error.message.replace(/^Invalid Record Length: /, '')}`;
}

/**
 * The heading row and the rows under it; refused when there are none or too
 * many. Headings are made unique ("Price", "Price (2)") so each column can be
 * mapped on its own.
 */
function table(records: { line: number; cells: string[] }[]): CsvFile {
  if (records.length < 2) throw new ValidationError(IMPORT_MESSAGES.emptyFile, 'file');
  if (records.length - 1 > IMPORT_MAX_ROWS) throw new ValidationError(IMPORT_MESSAGES.tooManyRows, 'file');
  const [heading, ...rows] = records;
  const used = new Set<string>();
  const headings = heading.cells.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base} (${n})`;
    used.add(name);
    return name;
  });
  return { headings, rows };
}

/** An .xlsx file: a ZIP archive. */
export function isXlsx(data: Buffer): boolean {
  return data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
}

/**
 * A workbook cell as the text a CSV would hold: numbers as Excel shows them
 * (15 significant digits, so a computed 0.1 + 0.2 is 0.3), dates as
 * YYYY-MM-DD, TRUE/FALSE.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** The first sheet of an Excel workbook (read-excel-file); empty rows skipped, each row keeping its number. */
export async function readXlsx(data: Buffer): Promise<CsvFile> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(data)) as unknown[][];
  } catch {
    throw new ValidationError(IMPORT_MESSAGES.notWorkbook, 'file');
  }
  const records = sheet
    .map((row, i) => ({ line: i + 1, cells: row.map(cellText) }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  return table(records);
}

/** An uploaded import file: an Excel workbook by its content, else CSV text. */
export function readImportFile(data: Buffer): Promise<CsvFile> | CsvFile {
  return isXlsx(data) ? readXlsx(data) : readCsv(data);
}
