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
import { moneyCell, wholeCell } from './cells.js';
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
}

/** A symbology as a file may write it: upca, UPC-A, "UPC A", EAN13 … (letters and digits compared). */
export function symbologyOf(text: string | undefined): BarcodeSymbology | undefined {
  if (!text) return undefined;
  const key = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return BARCODE_SYMBOLOGIES.find((s) => s === key);
}

/**
 * A spreadsheet drops a barcode's leading zero (036000291452 becomes
 * 36000291452), which the form's rule would read as a code without its check
 * digit and complete into a different code. When the short code is also a
 * valid code with the zero put back, which one is meant can't be told: the
 * row is refused with both, never guessed.
 */
export function ambiguousBarcode(cells: Cells): string | undefined {
  const readings = ambiguousReadings(cells);
  if (!readings) return undefined;
  const text = cells.barcode ?? '';
  const length = text.length + 1;
  return `Barcode ${text} is ${length - 1} digits: ${readings[0]} (a leading zero lost) or ${readings[1]} (the check digit left out)? Write all ${length} digits (format the column as text)`;
}

/** The two codes an ambiguous short barcode may be: [with the zero put back, with a check digit added]. */
function ambiguousReadings(cells: Cells): [string, string] | undefined {
  const text = cells.barcode ?? '';
  const symbology = cells.barcodeSymbology ? symbologyOf(cells.barcodeSymbology) : 'upca';
  const length = symbology === 'upca' ? 12 : symbology === 'ean13' ? 13 : 0;
  if (!length || !/^\d+$/.test(text) || text.length !== length - 1) return undefined;
  const withZero = normalizeBarcode(symbology as BarcodeSymbology, `0${text}`);
  const completed = normalizeBarcode(symbology as BarcodeSymbology, text);
  return withZero.ok && completed.ok ? [withZero.barcode, completed.barcode] : undefined;
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

/** Rows written per statement. */
const BATCH = 500;

export const productsImport: ImportAdapter<Input, ProductRow, Context> = {
  kind: 'products',
  keyFields: matchFields('products'),
  async load(tx, rows) {
    const codes = new Set<string>();
    for (const cells of rows) {
      const key = keyOf(cells);
      if (key) codes.add(key);
      for (const reading of ambiguousReadings(cells) ?? []) codes.add(reading);
      if (cells.boxBarcode) codes.add(cells.boxBarcode);
    }
    const owners = new Map<string, CodeOwner>();
    for (const p of await repo.codeOwners(tx, [...codes])) {
      owners.set(p.barcode, p);
      if (p.boxBarcode) owners.set(p.boxBarcode, p);
    }
    // A short code (a leading zero a spreadsheet dropped, or a check digit left out) that is
    // exactly one existing product's barcode under one reading and nobody's under the other is
    // that product's: an export edited in Excel comes back so. The row's cell is read so from here on.
    for (const cells of rows) {
      const readings = ambiguousReadings(cells);
      if (!readings) continue;
      const known = readings.filter((code) => owners.get(code)?.barcode === code);
      if (known.length === 1) cells.barcode = known[0];
    }
    return { owners };
  },
  key: (cells) => keyOf(cells),
  async existing(tx, keys, lock) {
    const out = new Map<string, ProductRow[]>();
    // In the run's transaction (lock): nobody changes them between this read and the write.
    for (const row of await repo.productsByBarcode(tx, keys, lock)) out.set(row.barcode, [row]);
    return out;
  },
  input(cells, existing, _context, mapped) {
    const errors: string[] = [];
    const value: Record<string, unknown> = existing ? formOf(existing) : {};
    for (const key of ['name', 'boxBarcode', 'category'] as const)
      if (cells[key] !== undefined) value[key] = cells[key];
    if (cells.barcode !== undefined) value.barcode = cells.barcode;
    const ambiguous = ambiguousBarcode(cells);
    if (ambiguous) errors.push(ambiguous);
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
      if (cells[key] !== undefined) value[key] = moneyCell(cells[key]);
      else if (!existing) {
        // A new product's price the file has no column for is $0.00, as the form starts it; an empty
        // cell in a price column is a row short of its price, never taken for $0.00.
        value[key] = 0;
        if (mapped.has(key)) errors.push(`${label} is empty`);
      }
    }
    return { value, errors };
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
