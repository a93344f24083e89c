import type { InvoiceDocument } from '@wd/contracts';
import { stringify } from 'csv-stringify/sync';
import { centsText } from '../../lib/csv.js';
import { cents, customerAccount, upcDigits, usDate } from './edi-format.js';

/** The header row, in the column order of docs/edi.md. */
export const MODISOFT_COLUMNS = [
  'InvoiceNo',
  'InvoiceDate',
  'VendorName',
  'CustomerAccount',
  'UPC',
  'Description',
  'Quantity',
  'UnitsPerCase',
  'UnitCost',
  'RetailPrice',
  'ExtendedCost',
] as const;

/**
 * EDI MS: the invoice as CSV per RFC 4180 (quoted where needed, CRLF line
 * ends), a header row, then one row per invoice line (not the consignment
 * group rows). Money from cents with a dot and two decimals, no `$`;
 * ExtendedCost = quantity × UnitCost, negative for returns, so the column
 * sums to the invoice amount. Nothing depends on the clock: the same invoice
 * gives the same bytes.
 */
export function modisoftCsv(doc: InvoiceDocument): Buffer {
  const head = [doc.invoice.number, usDate(doc.invoice.date), doc.biller.company, String(customerAccount(doc))];
  const rows = doc.lines.map((line) => {
    const unitCost = cents(line.unitPrice);
    return [
      ...head,
      upcDigits(line.barcode),
      line.description,
      String(line.quantity),
      String(line.unitsPerCase),
      centsText(unitCost),
      centsText(cents(line.suggestedRetailPrice)),
      centsText(line.quantity * unitCost),
    ];
  });
  // A line break inside a field is quoted too (csv-stringify only quotes the record delimiter by default).
  const text = stringify([[...MODISOFT_COLUMNS], ...rows], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  return Buffer.from(text, 'utf8');
}
