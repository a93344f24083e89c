import {
  BARCODE_SYMBOLOGIES,
  type BarcodeSymbology,
  IMPORT_FIELDS,
  matchFields,
  normalizeBarcode,
  PRODUCT_MESSAGES,
  productInput,
  toCents,
} from '@wd/contracts';
import type { z } from 'zod';
import type { AuditEntry } from '../../lib/audit.js';
import { type ProductRow, productsRepository, productTrail, toProduct } from '../products/products.repository.js';
import { toColumns } from '../products/products.service.js';
import { centsCell, wholeCell } from './cells.js';
import { importsRepository as repo } from './imports.repository.js';
import { type Cells, formChanges, type ImportAdapter, type PlannedRow } from './plan.js';

type Input = z.output<typeof productInput>;
interface CodeOwner {
  id: number;
  name: string;
  barcode: string;
  boxBarcode: string;
}
interface Context {
  /** Every active product's barcode and box barcode that a row of the file uses. */
  owners: Map<string, CodeOwner>;
  /** What was read other than as written, per row (codes cleaned or completed), for the preview. */
  notes: Map<Cells, string[]>;
}

/** A symbology as a file may write it: upca, UPC-A, "UPC A", EAN13 … (letters and digits compared). */
export function symbologyOf(text: string | undefined): BarcodeSymbology | undefined {
  if (!text) return undefined;
  const key = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return BARCODE_SYMBOLOGIES.find((s) => s === key);
}

/** The digits of a UPC-A, EAN-13 or EAN-8 (12, 13, 8); 0 for Code 128, whose text is kept as it is. */
function digitsOf(cells: Cells): number {
  const symbology = cells.barcodeSymbology ? symbologyOf(cells.barcodeSymbology) : 'upca';
  return symbology === 'upca' ? 12 : symbology === 'ean13' ? 13 : symbology === 'ean8' ? 8 : 0;
}

/**
 * A code as catalogs write it: `0-12345-67890-5` or `0 12345 67890 5` is the code's digits (for
 * the digit symbologies; a Code 128 keeps its dashes and spaces).
 */
function cleanDigits(cells: Cells, key: 'barcode' | 'boxBarcode', note: (text: string) => void) {
  const text = cells[key];
  if (!text || digitsOf(cells) === 0 || !/^\d[\d\s-]*\d$/.test(text) || !/[\s-]/.test(text)) return;
  cells[key] = text.replace(/[\s-]/g, '');
  note(`${key === 'barcode' ? 'Barcode' : 'Box Barcode'} ${text} read as ${cells[key]} (dashes and spaces removed)`);
}

/**
 * A spreadsheet drops a code's leading zeros (036000291452 becomes 36000291452). A code shorter
 * than its symbology whose zero-padded reading has a valid check digit is read so, and said; an
 * 11-digit UPC-A whose padded reading fails the check is one written without its check digit,
 * which the form's rule completes. Where both readings are valid and exactly one is an existing
 * product's barcode (an export edited in Excel coming back), that one is meant.
 */
function restoreZeros(cells: Cells, owners: Map<string, CodeOwner>, note: (text: string) => void) {
  const text = cells.barcode ?? '';
  const length = digitsOf(cells);
  if (!length || !/^\d+$/.test(text) || text.length >= length || text.length < length - 3) return;
  const symbology = (symbologyOf(cells.barcodeSymbology) ?? 'upca') as BarcodeSymbology;
  const padded = normalizeBarcode(symbology, text.padStart(length, '0'));
  if (!padded.ok) return;
  const completed = text.length === length - 1 ? normalizeBarcode(symbology, text) : undefined;
  const completedKnown = completed?.ok && owners.get(completed.barcode)?.barcode === completed.barcode;
  const paddedKnown = owners.get(padded.barcode)?.barcode === padded.barcode;
  if (completedKnown && !paddedKnown) return;
  cells.barcode = padded.barcode;
  const zeros = length - text.length;
  note(
    `Barcode ${text} read as ${padded.barcode}: ${zeros === 1 ? 'a leading zero' : `${zeros} leading zeros`} restored (the check digit agrees)`,
  );
}

/** The codes a short barcode may be (zero-padded, or completed with a check digit): both are looked up. */
function shortReadings(cells: Cells): string[] {
  const text = cells.barcode ?? '';
  const length = digitsOf(cells);
  if (!length || !/^\d+$/.test(text) || text.length >= length) return [];
  const symbology = (symbologyOf(cells.barcodeSymbology) ?? 'upca') as BarcodeSymbology;
  return [normalizeBarcode(symbology, text.padStart(length, '0')), normalizeBarcode(symbology, text)].flatMap((r) =>
    r.ok ? [r.barcode] : [],
  );
}

/** A code Excel turned into a number in scientific notation (1.09754E+12): its digits are gone. */
const SCIENTIFIC = /^\d+(\.\d+)?e\+?\d+$/i;

/** The match key: the barcode as the form would store it. */
function keyOf(cells: Cells): string {
  const barcode = cells.barcode ?? '';
  if (!barcode) return '';
  const symbology = symbologyOf(cells.barcodeSymbology) ?? 'upca';
  const normalized = normalizeBarcode(symbology, barcode);
  return normalized.ok ? normalized.barcode : barcode;
}

/** A product as its form's input (what a row's cells go over when it updates the product). */
function formOf(row: ProductRow) {
  const { id: _id, quantitySold: _sold, productGroupID: _group, deletedAt: _deleted, ...form } = toProduct(row);
  return form;
}

/** A new product refused for want of a selling price column. */
export const NO_SELLING_PRICE =
  'Selling Price is missing: a new product needs its price (map the column that holds it, or add one)';

/** Rows written per statement. */
const BATCH = 500;

export const productsImport: ImportAdapter<Input, ProductRow, Context> = {
  kind: 'products',
  keyFields: matchFields('products'),
  async load(tx, rows) {
    const notes = new Map<Cells, string[]>();
    const noteFor = (cells: Cells) => (text: string) => notes.set(cells, [...(notes.get(cells) ?? []), text]);
    const codes = new Set<string>();
    for (const cells of rows) {
      cleanDigits(cells, 'barcode', noteFor(cells));
      cleanDigits(cells, 'boxBarcode', noteFor(cells));
      const key = keyOf(cells);
      if (key) codes.add(key);
      for (const reading of shortReadings(cells)) codes.add(reading);
      if (cells.boxBarcode) codes.add(cells.boxBarcode);
    }
    const owners = new Map<string, CodeOwner>();
    for (const p of await repo.codeOwners(tx, [...codes])) {
      owners.set(p.barcode, p);
      if (p.boxBarcode) owners.set(p.boxBarcode, p);
    }
    // The row's cell is read so from here on (the match key, the form's input).
    for (const cells of rows) restoreZeros(cells, owners, noteFor(cells));
    return { owners, notes };
  },
  key: (cells) => keyOf(cells),
  async existing(tx, keys, lock) {
    const out = new Map<string, ProductRow[]>();
    // In the run's transaction (lock): nobody changes them between this read and the write.
    for (const row of await repo.productsByBarcode(tx, keys, lock)) out.set(row.barcode, [row]);
    return out;
  },
  input(cells, existing, context, mapped) {
    const errors: string[] = [];
    const notes = [...(context.notes.get(cells) ?? [])];
    const value: Record<string, unknown> = existing ? formOf(existing) : {};
    for (const key of ['name', 'boxBarcode', 'category'] as const)
      if (cells[key] !== undefined) value[key] = cells[key];
    if (cells.barcode !== undefined) value.barcode = cells.barcode;
    for (const [key, label] of [
      ['barcode', 'Barcode'],
      ['boxBarcode', 'Box Barcode'],
    ] as const) {
      if (cells[key] && SCIENTIFIC.test(cells[key])) {
        errors.push(
          `${label} ${cells[key]} is a number in scientific notation: its digits are lost (format the column as text)`,
        );
      }
    }
    if (cells.barcodeSymbology !== undefined) {
      const symbology = symbologyOf(cells.barcodeSymbology);
      if (symbology) value.barcodeSymbology = symbology;
      else errors.push(`Symbology "${cells.barcodeSymbology}" is not one of UPC-A, EAN-13, EAN-8, Code 128`);
    }
    if (cells.unitQuantity !== undefined) value.unitQuantity = wholeCell(cells.unitQuantity);
    for (const [key, label] of [
      ['costPrice', 'Cost Price'],
      ['sellingPrice', 'Selling Price'],
      ['suggestedRetailPrice', 'Suggested Retail Price'],
    ] as const) {
      if (cells[key] !== undefined) {
        const { value: dollars, rounded } = centsCell(cells[key]);
        value[key] = dollars;
        if (rounded) notes.push(`${label} ${rounded}`);
      } else if (!existing) {
        // A new product's cost or retail price the file has no column for is $0.00, as the form
        // starts it; never its selling price (a product sold at $0.00 by mistake loses money on
        // every invoice). An empty cell in a price column is a row short of its price.
        value[key] = 0;
        if (mapped.has(key)) errors.push(`${label} is empty`);
        else if (key === 'sellingPrice') errors.push(NO_SELLING_PRICE);
      }
    }
    return { value, errors, notes };
  },
  schema: productInput,
  check(row: PlannedRow<Input, ProductRow>, { owners }, seen) {
    const input = row.input;
    if (!input) return;
    const self = row.existing?.id;
    const other = (code: string) => {
      const owner = owners.get(code);
      return owner && owner.id !== self ? owner : undefined;
    };
    const taken = other(input.barcode);
    if (taken) row.errors.push(`${PRODUCT_MESSAGES.duplicateBarcode} (${taken.name})`);
    if (input.boxBarcode) {
      const boxTaken = other(input.boxBarcode);
      if (boxTaken) row.errors.push(`${PRODUCT_MESSAGES.duplicateBoxBarcode} (${boxTaken.name})`);
      if (input.boxBarcode === input.barcode) row.errors.push('Box Barcode must differ from the barcode');
    }
    // Within the file: a code a row above already uses (as barcode or box barcode).
    const lineOf = (code: string) => seen.get(code);
    const barcodeLine = lineOf(input.barcode);
    if (barcodeLine) row.errors.push(`Barcode ${input.barcode} is also on line ${barcodeLine}`);
    const boxLine = input.boxBarcode ? lineOf(input.boxBarcode) : undefined;
    if (boxLine) row.errors.push(`Box Barcode ${input.boxBarcode} is also on line ${boxLine}`);
    if (row.existing?.productGroupId && toCents(input.costPrice) !== row.existing.costPrice) {
      row.errors.push(`Cost Price: ${PRODUCT_MESSAGES.costFromGroup}`);
    }
    if (!seen.has(input.barcode)) seen.set(input.barcode, row.line);
    if (input.boxBarcode && !seen.has(input.boxBarcode)) seen.set(input.boxBarcode, row.line);
  },
  label: (existing) => `${existing.name} (${existing.barcode})`,
  matchRefused: (existing) =>
    `A product with this barcode already exists (${existing.name}); to change it, choose to update the existing one`,
  changes: (existing, input) =>
    formChanges(
      IMPORT_FIELDS.products,
      formOf(existing),
      { ...input },
      new Set(['costPrice', 'sellingPrice', 'suggestedRetailPrice']),
    ),
  async create(tx, rows, userId) {
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const inserted = await repo.insertProducts(
        tx,
        batch.map((r) => toColumns(r.input as Input)),
      );
      await productTrail.write(
        tx,
        userId,
        'create',
        inserted.map((p) => ({ id: p.id, after: p })),
      );
    }
  },
  async update(tx, rows, userId) {
    const audits: AuditEntry<ProductRow>[] = [];
    for (const r of rows) {
      const before = r.existing as ProductRow;
      const after = await productsRepository.update(tx, before.id, toColumns(r.input as Input));
      audits.push({ id: before.id, before, after });
      if (audits.length === BATCH) await productTrail.write(tx, userId, 'update', audits.splice(0));
    }
    await productTrail.write(tx, userId, 'update', audits);
  },
};
