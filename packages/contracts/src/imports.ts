import { text } from './common/fields.js';
import { z } from './common/zod.js';

/**
 * Import products and customers from a CSV file or an Excel workbook (docs/import.md): the file's
 * columns are mapped to the record's fields, every row is validated by the
 * same contract as the record's form, then written all or nothing (or the
 * valid rows only).
 */
export const IMPORT_KINDS = ['products', 'customers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importKind = z.enum(IMPORT_KINDS);

export interface ImportField {
  key: string;
  /** The heading the export writes and the mapping screen shows. */
  label: string;
  /** A new record needs it (an update keeps the record's own value when the column is not mapped). */
  required?: boolean;
  /** Rows are matched to existing records by it: the file must map it. */
  matchKey?: boolean;
  /** Other headings a file may use for it (compared without case, spaces or punctuation). */
  aliases?: string[];
}

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  products: [
    {
      key: 'name',
      label: 'Name',
      required: true,
      aliases: [
        'product',
        'product name',
        'description',
        'item name',
        'item description',
        'item',
        'product description',
      ],
    },
    { key: 'unitQuantity', label: 'Unit Quantity', aliases: ['unit qty', 'units', 'pack', 'pack size', 'case qty'] },
    { key: 'barcodeSymbology', label: 'Symbology', aliases: ['barcode symbology', 'barcode type', 'type'] },
    {
      key: 'barcode',
      label: 'Barcode',
      required: true,
      matchKey: true,
      aliases: ['upc', 'ean', 'upc code', 'item barcode'],
    },
    { key: 'boxBarcode', label: 'Box Barcode', aliases: ['case barcode', 'box upc', 'case upc', 'case code'] },
    { key: 'category', label: 'Category', aliases: ['department', 'dept', 'group', 'product category'] },
    { key: 'costPrice', label: 'Cost Price', aliases: ['cost', 'unit cost', 'cost price'] },
    { key: 'sellingPrice', label: 'Selling Price', aliases: ['price', 'sell price', 'wholesale price'] },
    {
      key: 'suggestedRetailPrice',
      label: 'Suggested Retail Price',
      aliases: ['srp', 'msrp', 'retail', 'retail price'],
    },
  ],
  customers: [
    {
      key: 'company',
      label: 'Company',
      required: true,
      matchKey: true,
      aliases: ['store', 'store name', 'business', 'customer'],
    },
    { key: 'name', label: 'Name', aliases: ['contact', 'contact name', 'owner'] },
    { key: 'address', label: 'Address', aliases: ['street', 'address 1', 'street address'] },
    { key: 'city', label: 'City', aliases: ['town'] },
    { key: 'state', label: 'State', aliases: ['province', 'region'] },
    { key: 'postalCode', label: 'Postal Code', aliases: ['zip', 'zip code', 'postcode', 'postal'] },
    { key: 'country', label: 'Country' },
    { key: 'phone', label: 'Phone', aliases: ['telephone', 'phone number', 'tel'] },
    { key: 'email', label: 'Email', aliases: ['e-mail', 'email address', 'mail'] },
    { key: 'awardPoints', label: 'Award Points', aliases: ['points'] },
    { key: 'taxPermitNumber', label: 'Tax Permit Number', aliases: ['tax permit', 'tax id', 'permit number'] },
    { key: 'priceGroup', label: 'Price Group', aliases: ['pricing group', 'price level'] },
    { key: 'creditLimit', label: 'Credit Limit', aliases: ['limit'] },
    { key: 'dateLastVerified', label: 'Date Last Verified', aliases: ['last verified', 'verified'] },
  ],
};

/** A heading compared to a field's label and aliases: lower case, letters and digits only. */
/** The fields a kind's rows are matched by, which a file must map. */
export function matchFields(kind: ImportKind): string[] {
  return IMPORT_FIELDS[kind].filter((f) => f.matchKey).map((f) => f.key);
}

export function headingKey(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Field key → the file's heading that fills it ('' or absent: not imported). */
export const importMapping = z.record(text().max(64), text().max(200));
export type ImportMapping = z.infer<typeof importMapping>;

/**
 * The mapping to offer for a file's headings: the remembered one where its
 * headings are in this file, else the heading that reads like the field's
 * label or one of its aliases.
 */
export function suggestMapping(kind: ImportKind, headings: string[], remembered: ImportMapping = {}): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  const byKey = new Map<string, string>();
  for (const h of headings) if (!byKey.has(headingKey(h))) byKey.set(headingKey(h), h);
  for (const field of IMPORT_FIELDS[kind]) {
    const kept = remembered[field.key];
    if (kept && headings.includes(kept) && !taken.has(kept)) {
      mapping[field.key] = kept;
      taken.add(kept);
    }
  }
  for (const field of IMPORT_FIELDS[kind]) {
    if (mapping[field.key]) continue;
    const found = [field.label, ...(field.aliases ?? [])]
      .map((name) => byKey.get(headingKey(name)))
      .find((h) => h !== undefined && !taken.has(h));
    if (found) {
      mapping[field.key] = found;
      taken.add(found);
    }
  }
  return mapping;
}

export const IMPORT_ON_MATCH = ['refuse', 'update'] as const;
export const IMPORT_MODES = ['all', 'valid'] as const;

/** What the user chose on the import screen; sent as the `options` part beside the file. */
export const importOptions = z.object({
  /** Absent on the first preview: the server suggests one (the remembered mapping first). */
  mapping: importMapping.optional(),
  /** A row matching an existing record (products: barcode; customers: company + postal code) updates it, or is refused. */
  onMatch: z.enum(IMPORT_ON_MATCH).default('refuse'),
  /** 'all': any refused row and nothing is written; 'valid': the valid rows are written, the others refused. */
  mode: z.enum(IMPORT_MODES).default('all'),
});
export type ImportOptions = z.input<typeof importOptions>;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refuse'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importRowSchema = z.object({
  /** The row's line in the file (the heading is line 1). */
  line: z.int(),
  /** The mapped cells as read (long cells shortened for the preview). */
  cells: z.record(z.string(), z.string()),
  action: z.enum(IMPORT_ACTIONS),
  /** Why the row is refused, each naming the column. */
  errors: z.array(z.string()),
  /** What the import read other than as written (a leading zero restored, a cost rounded): said, not refused. */
  notes: z.array(z.string()).optional(),
  /** An update's changes, field by field, as the form shows them (so a price change is seen before it is made). */
  changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

const importCounts = {
  total: z.int(),
  create: z.int(),
  update: z.int(),
  unchanged: z.int(),
  refuse: z.int(),
};

export const importPreviewResponse = z.object({
  headings: z.array(z.string()),
  mapping: importMapping,
  ...importCounts,
  /** The first rows with each one's result. */
  rows: z.array(importRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewResponse>;

/** Rows shown in the preview. */
export const IMPORT_PREVIEW_ROWS = 20;
/** A file holds at most this many rows. */
export const IMPORT_MAX_ROWS = 50_000;

/**
 * The run's answer is NDJSON, a line at a time: progress while rows are
 * checked and written, then the result (or an error: nothing was written).
 */
export type ImportEvent =
  | { type: 'progress'; phase: 'check' | 'write'; done: number; total: number }
  | {
      type: 'done';
      /** false: nothing was written (all-or-nothing with refused rows). */
      written: boolean;
      total: number;
      create: number;
      update: number;
      unchanged: number;
      refuse: number;
      message: string;
      /** The run's own refused rows as CSV (as the refused call writes them), when it refused any. */
      refusedCsv?: string;
    }
  | { type: 'error'; message: string };

export const IMPORT_MESSAGES = {
  emptyFile: 'The file has no rows under its heading row',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it`,
  notCsv: 'Only a CSV file (comma or semicolon separated text) or an Excel workbook (.xlsx) can be imported',
  notWorkbook: 'The file is not a readable Excel workbook (.xlsx); save it again from Excel, or as CSV',
  unknownField: (key: string) => `${key} is not a field that can be imported`,
  unknownHeading: (heading: string) => `The file has no column "${heading}"`,
  headingTwice: (heading: string) => `"${heading}" is mapped to two fields`,
  requiredUnmapped: (label: string) => `Map a column to ${label}`,
} as const;
