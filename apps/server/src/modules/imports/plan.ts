import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  type ImportAction,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
} from '@wd/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import type { CsvFile } from './csv-file.js';

/** A row's mapped cells by field key, trimmed; empty cells are left out (they change nothing). */
export type Cells = Record<string, string>;

export interface ImportChange {
  field: string;
  before: string;
  after: string;
}

/** The fields whose form value differs, by their heading; money with two decimals. */
export function formChanges(
  fields: readonly ImportField[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  money: ReadonlySet<string> = new Set(),
): ImportChange[] {
  const text = (key: string, value: unknown) =>
    value === null || value === undefined ? '' : money.has(key) ? Number(value).toFixed(2) : String(value);
  return Object.keys(after)
    .filter((key) => text(key, before[key]) !== text(key, after[key]))
    .map((key) => ({
      field: fields.find((f) => f.key === key)?.label ?? key,
      before: text(key, before[key]),
      after: text(key, after[key]),
    }));
}

/** One row of the file and what the import will do with it. */
export interface PlannedRow<I, E> {
  line: number;
  /** The mapped cells as in the file. */
  cells: Cells;
  action: ImportAction;
  errors: string[];
  /** What was read other than as written (said in the preview; the row is not refused for it). */
  notes: string[];
  /** The record to write, as the form's contract gives it. */
  input?: I;
  /** The record it updates. */
  existing?: E;
  /** An update's changes. */
  changes?: ImportChange[];
}

/**
 * What one kind of record brings to the import (products.import.ts,
 * customers.import.ts): how a row is matched to an existing record, how the
 * cells become the form's input, the checks beyond the form's contract, and
 * the writing.
 */
export interface ImportAdapter<I, E, Context = unknown> {
  kind: ImportKind;
  /** The fields the match is made on; they must be mapped. */
  keyFields: readonly string[];
  /** What the checks need from the database, read once for the whole file (price groups, codes in use …). */
  load(tx: Tx, rows: Cells[]): Promise<Context>;
  /** The match key of a row's cells ('' when the row has none). */
  key(cells: Cells, context: Context): string;
  /**
   * The existing records with these keys, by key (normally one each; more is a refusal);
   * `lock`: in the run's transaction, locked until it ends.
   */
  existing(tx: Tx, keys: string[], lock: boolean): Promise<Map<string, E[]>>;
  /**
   * The form's input: the existing record's values with the row's cells over them (errors: cells
   * that can't be read). `mapped`: the fields the file has a column for.
   */
  input(
    cells: Cells,
    existing: E | undefined,
    context: Context,
    mapped: ReadonlySet<string>,
  ): { value: Record<string, unknown>; errors: string[]; notes?: string[] };
  schema: z.ZodType<I>;
  /** Checks beyond the form's: against the database and the rows above (`seen`), pushed onto `errors`. */
  check(row: PlannedRow<I, E>, context: Context, seen: Map<string, number>): void;
  /** A record as a refusal names it. */
  label(existing: E): string;
  /** A refusal when a row matches a record and the user chose to refuse matches. */
  matchRefused(existing: E): string;
  /** What an update changes, field by field, as the form shows the values ([] when nothing). */
  changes(existing: E, input: I, context: Context): ImportChange[];
  /** Writes the new records (with their audit entries). */
  create(tx: Tx, rows: PlannedRow<I, E>[], userId: number): Promise<void>;
  /** Writes the changes of existing records (with their audit entries). */
  update(tx: Tx, rows: PlannedRow<I, E>[], userId: number): Promise<void>;
}

export interface Plan<I, E> {
  rows: PlannedRow<I, E>[];
  counts: Record<ImportAction, number> & { total: number };
}

/** Checks that the mapping names this kind's fields and this file's headings, each heading once. */
export function checkMapping(kind: ImportKind, mapping: ImportMapping, file: CsvFile, keyFields: readonly string[]) {
  const fields = new Map(IMPORT_FIELDS[kind].map((f) => [f.key, f]));
  const used = new Set<string>();
  for (const [key, heading] of Object.entries(mapping)) {
    if (!fields.has(key)) throw new ValidationError(IMPORT_MESSAGES.unknownField(key), 'mapping');
    if (!heading) continue;
    if (!file.headings.includes(heading)) throw new ValidationError(IMPORT_MESSAGES.unknownHeading(heading), 'mapping');
    if (used.has(heading)) throw new ValidationError(IMPORT_MESSAGES.headingTwice(heading), 'mapping');
    used.add(heading);
  }
  for (const key of keyFields) {
    if (!mapping[key]) throw new ValidationError(IMPORT_MESSAGES.requiredUnmapped(fields.get(key)!.label), 'mapping');
  }
}

/** A cell our own export wrote as '=… to keep a spreadsheet from running it (lib/csv.ts) reads back as =…. */
function unescapeFormula(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** The row's cells by field key: the mapped columns' text, trimmed, empty ones left out. */
export function mappedCells(cells: string[], headings: string[], mapping: ImportMapping): Cells {
  const out: Cells = {};
  for (const [key, heading] of Object.entries(mapping)) {
    if (!heading) continue;
    const value = unescapeFormula((cells[headings.indexOf(heading)] ?? '').trim());
    if (value) out[key] = value;
  }
  return out;
}

/** A contract's complaint as a user reads it: the column's heading, then what is wrong. */
export function issueText(fields: readonly ImportField[], issue: z.core.$ZodIssue): string {
  const key = String(issue.path[0] ?? '');
  const label = fields.find((f) => f.key === key)?.label ?? key;
  const message =
    issue.code === 'invalid_type' && issue.expected === 'number'
      ? 'must be a number'
      : issue.code === 'too_big' && issue.origin === 'string'
        ? `is too long (at most ${issue.maximum} characters)`
        : issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1
          ? 'is required'
          : issue.code === 'too_small' && issue.origin === 'number'
            ? `must be ${issue.minimum} or more`
            : issue.code === 'too_big' && issue.origin === 'number'
              ? `must be at most ${issue.maximum}`
              : issue.message;
  return label ? `${label} ${message}` : message;
}

/**
 * What the import would do with every row of the file: match each to an
 * existing record, build and validate its input by the form's contract, then
 * the adapter's checks. `onProgress` is told (and awaited) every 1,000 rows.
 * `lock`: the run locks the records it matches (a preview only reads them).
 */
export async function planImport<I, E, C>(
  tx: Tx,
  adapter: ImportAdapter<I, E, C>,
  file: CsvFile,
  mapping: ImportMapping,
  onMatch: 'refuse' | 'update',
  onProgress: (done: number) => unknown = () => {},
  lock = false,
): Promise<Plan<I, E>> {
  const fields = IMPORT_FIELDS[adapter.kind];
  const allCells = file.rows.map((r) => mappedCells(r.cells, file.headings, mapping));
  const context = await adapter.load(tx, allCells);
  const keys = allCells.map((cells) => adapter.key(cells, context));
  const existing = await adapter.existing(tx, [...new Set(keys.filter(Boolean))], lock);
  const seen = new Map<string, number>();
  const mapped = new Set(Object.keys(mapping).filter((key) => mapping[key]));
  const rows: PlannedRow<I, E>[] = [];
  const counts = { total: file.rows.length, create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const [i, { line }] of file.rows.entries()) {
    const cells = allCells[i];
    const matches = keys[i] ? (existing.get(keys[i]) ?? []) : [];
    const row: PlannedRow<I, E> = { line, cells, action: 'create', errors: [], notes: [] };
    const extra = file.rows[i].cells.slice(file.headings.length).filter((c) => c.trim() !== '').length;
    if (extra > 0) {
      row.errors.push(
        `The row has ${file.headings.length + extra} cells but the heading has ${file.headings.length}: a comma inside a cell that is not in quotes?`,
      );
    } else if (matches.length > 1) {
      row.errors.push(
        `matches ${matches.length} existing records (${matches.map((m) => adapter.label(m)).join(', ')}); change them by hand`,
      );
    } else if (matches.length === 1) {
      row.existing = matches[0];
      if (onMatch === 'refuse') row.errors.push(adapter.matchRefused(matches[0]));
    }
    if (row.errors.length === 0) {
      const { value, errors, notes = [] } = adapter.input(cells, row.existing, context, mapped);
      row.errors.push(...errors);
      row.notes.push(...notes);
      const parsed = adapter.schema.safeParse(value);
      if (parsed.success) row.input = parsed.data;
      else row.errors.push(...new Set(parsed.error.issues.map((issue) => issueText(fields, issue))));
      adapter.check(row, context, seen);
    }
    if (row.errors.length > 0) {
      row.action = 'refuse';
      row.input = undefined;
    } else if (row.existing) {
      const changes = adapter.changes(row.existing, row.input as I, context);
      row.action = changes.length === 0 ? 'unchanged' : 'update';
      if (changes.length > 0) row.changes = changes;
    }
    counts[row.action]++;
    rows.push(row);
    if ((i + 1) % 1000 === 0) await onProgress(i + 1);
  }
  await onProgress(file.rows.length);
  return { rows, counts };
}

/** Cells shortened for the preview (a 2 MB cell is not sent back whole). */
function shortCells(cells: Cells): Cells {
  return Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, v.length > 200 ? `${v.slice(0, 200)}…` : v]));
}

export function previewOf<I, E>(file: CsvFile, mapping: ImportMapping, plan: Plan<I, E>): ImportPreview {
  return {
    headings: file.headings,
    mapping,
    ...plan.counts,
    rows: plan.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({
      line: r.line,
      cells: shortCells(r.cells),
      action: r.action,
      errors: r.errors,
      ...(r.notes.length > 0 ? { notes: r.notes } : {}),
      ...(r.changes ? { changes: r.changes } : {}),
    })),
  };
}
