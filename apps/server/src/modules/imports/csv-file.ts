import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@wd/contracts';
import { parse } from 'csv-parse/sync';
import { ValidationError } from '../../lib/errors.js';

/** A CSV file as read: its heading row and its rows, each with its line in the file. */
export interface CsvFile {
  headings: string[];
  rows: { line: number; cells: string[] }[];
}

/** UTF-8 (a BOM is dropped) when the bytes are UTF-8, else Windows-1252 (what Excel's "CSV" writes). */
export function decodeText(data: Buffer): string {
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
      // LF, CRLF or CR, even mixed in one file.
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
    }) as never;
  } catch (error) {
    const message = (error as Error).message.replace(/^Invalid Record Length: /, '');
    throw new ValidationError(`The file is not a readable CSV: ${message}`, 'file');
  }
  if (records.length < 2) throw new ValidationError(IMPORT_MESSAGES.emptyFile, 'file');
  if (records.length - 1 > IMPORT_MAX_ROWS) throw new ValidationError(IMPORT_MESSAGES.tooManyRows, 'file');
  const [heading, ...rest] = records;
  const headings = heading.record.map((h, i) => h.trim() || `Column ${i + 1}`);
  // The parser counts lines to a record's end; a quoted cell's own line breaks come before it.
  const breaks = (cells: string[]) => cells.reduce((n, c) => n + (c.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
  return { headings, rows: rest.map((r) => ({ line: r.info.lines - breaks(r.record), cells: r.record })) };
}
