// The bench's matrix of read calls, derived from the table of calls (@wd/contracts): every call
// that reads with a JSON body is in it the day it is added to the contracts. This file holds
// the part that needs no server: which calls, which fields their bodies take, which keys their
// rows have (the sort columns tried), and the periods and filter values to send. bench/matrix.ts
// adds what only a running app can say (sample ids, searches that match, the sortable columns,
// the number of pages) and measures each case.

import type { Call } from '@wd/contracts';
import * as contracts from '@wd/contracts';
import { z } from 'zod';

/** The paging, search and sort fields every list body has (listFilterSchema). */
const LIST_FIELDS = ['currentPage', 'resultsPerPage', 'searchQuery', 'sortingList'];
const PERIOD_FIELDS = ['startDate', 'endDate', 'month', 'year'];

export interface BodyField {
  name: string;
  kind: 'date' | 'enum' | 'boolean' | 'id' | 'number' | 'text';
  /** An enum's values (without '' and 'All', which mean "not set"). */
  values?: string[];
  /** A number's largest value (`days`, `weeks`): the widest the call is asked for. */
  max?: number;
  /** Sent with every case: the call answers 400 without it. */
  required: boolean;
}

export interface MatrixCall {
  /** `invoice.list`: the area's export name without "Calls", and the call's key. */
  name: string;
  /** Under /api, with `:id` parameters. */
  path: string;
  /** The names of the path's parameters (`id`). */
  params: string[];
  /** A list body: paging, a search and sorting. */
  list: boolean;
  /** The period fields the body takes (startDate, endDate, month, year). */
  period: string[];
  /** The body's other fields: filters, and what a call needs (a route, a date). */
  fields: BodyField[];
  /** The keys of the answer's rows: each is tried as a sort column (the server refuses the others with a 400). */
  rowKeys: string[];
}

export interface SkippedCall {
  name: string;
  why: string;
}

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  maximum?: number;
  format?: string;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Every call of the table, by `area.key` (the areas are the `…Calls` exports of the contracts). */
export function callTable(): Record<string, Call> {
  const table: Record<string, Call> = {};
  for (const [area, calls] of Object.entries(contracts as Record<string, unknown>)) {
    if (!area.endsWith('Calls') || typeof calls !== 'object' || calls === null) continue;
    for (const [key, call] of Object.entries(calls as Record<string, Call>)) {
      if (call && typeof call === 'object' && 'method' in call && 'path' in call) {
        table[`${area.slice(0, -'Calls'.length)}.${key}`] = call;
      }
    }
  }
  return table;
}

/** A preprocessed body (`z.preprocess(fn, object)`) is read through to its object. */
function objectOf(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
  return def.type === 'pipe' && def.out ? objectOf(def.out) : schema;
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

/** The non-empty alternatives of a field: `z.union([z.enum([...]), z.literal('')])` → the enum. */
function alternatives(s: JsonSchema): JsonSchema[] {
  return (s.anyOf ?? [s]).filter((a) => !a.enum?.every((v) => v === '' || v === 'All' || v === 0));
}

function fieldOf(name: string, s: JsonSchema, required: boolean): BodyField {
  const alts = alternatives(s);
  const values = alts.flatMap((a) => (a.enum ?? []).filter((v): v is string => typeof v === 'string' && v !== ''));
  if (values.length > 0) return { name, kind: 'enum', values: values.filter((v) => v !== 'All'), required };
  if (alts.some((a) => a.format === 'date')) return { name, kind: 'date', required };
  if (alts.some((a) => a.type === 'boolean')) return { name, kind: 'boolean', required };
  const integer = alts.find((a) => a.type === 'integer');
  if (integer) {
    // An id fits the id columns (up to 2^31 − 1); a count of days or weeks has a small bound.
    const max = integer.maximum ?? Number.MAX_SAFE_INTEGER;
    return max <= 1000 ? { name, kind: 'number', max, required } : { name, kind: 'id', required };
  }
  return { name, kind: 'text', required };
}

/** The keys of the rows of an answer: its first property that is a list of objects. */
function rowKeysOf(response: JsonSchema): string[] {
  // A schema with an id of its own (`.meta({ id })`) is written once under $defs and referred to.
  const resolve = (s: JsonSchema | undefined) =>
    s?.$ref ? response.$defs?.[s.$ref.slice(s.$ref.lastIndexOf('/') + 1)] : s;
  for (const property of Object.values(response.properties ?? {})) {
    const list = resolve(property);
    const items = list?.type === 'array' ? resolve(list.items) : undefined;
    if (items?.properties) return Object.keys(items.properties);
  }
  return [];
}

const isFile = (call: Call) =>
  (call.response as unknown as { meta(): { format?: string } | undefined }).meta?.()?.format === 'binary';

/**
 * The calls the matrix measures: every call that reads with a JSON body and answers JSON. The
 * others are listed with why: files (Export CSV and PDFs have their own benches) and uploads.
 */
export function matrixCalls(table: Record<string, Call> = callTable()): {
  calls: MatrixCall[];
  skipped: SkippedCall[];
} {
  const calls: MatrixCall[] = [];
  const skipped: SkippedCall[] = [];
  for (const [name, call] of Object.entries(table)) {
    if (!call.reads || !call.body) continue;
    if (isFile(call)) {
      skipped.push({ name, why: 'answers a file (CSV, PDF): measured by the export and PDF benches' });
      continue;
    }
    if (call.multipart) {
      skipped.push({ name, why: 'takes an upload' });
      continue;
    }
    const body = objectOf(call.body);
    const input = jsonSchema(body, 'input');
    const properties = input.properties ?? {};
    if ('mapping' in properties) {
      skipped.push({ name, why: "reads an uploaded file's rows (the import bench)" });
      continue;
    }
    const required = new Set(input.required ?? []);
    const keys = Object.keys(properties);
    calls.push({
      name,
      path: call.path,
      params: [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]),
      list: LIST_FIELDS.every((f) => keys.includes(f)),
      period: PERIOD_FIELDS.filter((f) => keys.includes(f)),
      fields: keys
        .filter((k) => !LIST_FIELDS.includes(k) && !PERIOD_FIELDS.includes(k))
        .map((k) => fieldOf(k, properties[k], required.has(k))),
      rowKeys: rowKeysOf(jsonSchema(call.response, 'output')),
    });
  }
  return { calls, skipped };
}

export interface Variant {
  /** Stable across databases (`year 2025`, `status=DUE`): the key runs are compared by. */
  label: string;
  body: Record<string, unknown>;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The first day of the month `back` months before today's (today: YYYY-MM-DD). */
function monthStart(today: string, back: number) {
  const [y, m] = today.split('-').map(Number);
  const index = y * 12 + (m - 1) - back;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The periods a call is asked for, as its body takes them: this month, last year, the last
 * 36 months (the invoice list's first load), and a mid-month-to-mid-month range of six months.
 * All time is the default case.
 */
export function periodVariants(period: string[], today: string): Variant[] {
  const [year, month] = today.split('-').map(Number);
  const variants: Variant[] = [];
  const hasMonth = period.includes('month') && period.includes('year');
  const hasRange = period.includes('startDate') && period.includes('endDate');
  if (hasMonth) {
    variants.push({ label: 'this month', body: { month, year } });
    variants.push({ label: 'last year', body: { year: year - 1 } });
  } else if (hasRange) {
    variants.push({ label: 'this month', body: { startDate: `${year}-${pad(month)}-01`, endDate: today } });
    variants.push({ label: 'last year', body: { startDate: `${year - 1}-01-01`, endDate: `${year - 1}-12-31` } });
  }
  if (hasRange) {
    const from = monthStart(today, 35);
    variants.push({
      label: 'last 36 months',
      body: { startDate: `${from.year}-${pad(from.month)}-01`, endDate: today },
    });
    const start = monthStart(today, 7);
    const end = monthStart(today, 1);
    variants.push({
      label: 'mid-month to mid-month, 6 months',
      body: {
        startDate: `${start.year}-${pad(start.month)}-15`,
        endDate: `${end.year}-${pad(end.month)}-14`,
      },
    });
  }
  return variants;
}

/**
 * One case per filter value: each enum value, a boolean set, a number at its widest, a date a
 * year back; an id or a text filter takes the sample the caller found (`samples`), and without
 * one the case is reported as not measured rather than left out.
 */
export function fieldVariants(
  fields: BodyField[],
  today: string,
  samples: Record<string, Record<string, unknown> | undefined>,
): (Variant & { missing?: string })[] {
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  return fields
    .filter((f) => !f.required)
    .flatMap((f): (Variant & { missing?: string })[] => {
      switch (f.kind) {
        case 'enum':
          return (f.values ?? []).map((v) => ({ label: `${f.name}=${v}`, body: { [f.name]: v } }));
        case 'boolean':
          return [{ label: `${f.name}=true`, body: { [f.name]: true } }];
        case 'number':
          return [{ label: `${f.name}=${f.max}`, body: { [f.name]: f.max } }];
        case 'date':
          return [{ label: `${f.name} a year ago`, body: { [f.name]: yearAgo } }];
        default: {
          const sample = samples[f.name];
          return sample
            ? [{ label: `${f.name} (one)`, body: sample }]
            : [{ label: `${f.name} (one)`, body: {}, missing: `no sample ${f.name} in the database` }];
        }
      }
    });
}

/** A body as the matrix prints it: `month=11 year=2026`. */
export const describe = (body: Record<string, unknown>) =>
  Object.entries(body)
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(' ');

/** The rows of an answer (its first list), and its page count when it has one. */
export function pageOf(json: unknown): { rows: Record<string, unknown>[]; numPages?: number; totalRows?: number } {
  const o = (json ?? {}) as Record<string, unknown>;
  const rows = (Object.values(o).find((v) => Array.isArray(v)) as Record<string, unknown>[] | undefined) ?? [];
  return {
    rows,
    numPages: typeof o.numPages === 'number' ? o.numPages : undefined,
    totalRows: typeof o.totalRows === 'number' ? o.totalRows : undefined,
  };
}
