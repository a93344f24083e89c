import type { DocumentLine, InvoiceDocument } from '@wd/contracts';
import { centsText } from '../../lib/csv.js';
import { cents, customerAccount, digitsOnly, upcDigits, x12Date } from './edi-format.js';

/**
 * EDI C: the invoice as an ANSI X12 810, version 004010 (docs/edi.md, "EDI
 * exports", docs/edi.md). One interchange, one group, one transaction set.
 * Element separator `*`, segment terminator `~`, component separator `>`.
 * Dates come from the invoice date with a fixed time and the control numbers
 * from the invoice number, so the same invoice always gives the same bytes.
 */
const ELEMENT = '*';
const SEGMENT = '~';
/** ISA10 and GS05: a fixed time of day, never the clock. */
export const FIXED_TIME = '0000';
/** X12 limits: N102 names at most 60 characters, PID05 descriptions (here) at most 80. */
const NAME_MAX = 60;
const DESCRIPTION_MAX = 80;

/**
 * A text element made safe: accents folded to plain letters, tabs and line
 * breaks made spaces, the separators `*`, `~` and `>`, control characters and
 * anything else outside printable ASCII removed, runs of spaces made one, at
 * most `max` characters.
 */
export function x12Text(value: string, max = Number.POSITIVE_INFINITY): string {
  return value
    .normalize('NFKD')
    .replace(/\s/g, ' ')
    .replace(/[^\x20-\x7e]|[*~>]/g, '')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * A trading partner's id (ISA06/ISA08, GS02/GS03, N104): the record's id zero-padded to 6 digits
 * (biller 1 is `000001`, a walk-in customer `000000`), under the qualifier `ZZ` (mutually
 * defined). X12 004010 wants GS02/GS03 2–15 characters and N104 2–80: a bare `1` is refused by a
 * strict translator.
 */
export function partnerId(id: number): string {
  return String(id).padStart(6, '0');
}
/** ISA05/ISA07 and N103: the partner ids are mutually defined. */
export const PARTNER_QUALIFIER = 'ZZ';

/** The invoice number's digits, last 9, zero-padded: ISA13 = IEA02, GS06 = GE02. */
export function controlNumber(doc: InvoiceDocument): string {
  const digits = digitsOnly(doc.invoice.number) || String(doc.invoice.id);
  return digits.slice(-9).padStart(9, '0');
}

/** A segment; trailing empty elements are left out, as X12 wants. */
function segment(tag: string, ...elements: string[]): string {
  const values = [...elements];
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  return [tag, ...values].join(ELEMENT) + SEGMENT;
}

/** ISA: fixed width, 106 characters with the terminator; ids right-padded to 15. */
function isa(senderID: string, receiverID: string, date: string, control: string): string {
  const id = (value: string) => value.slice(0, 15).padEnd(15, ' ');
  const blank = ' '.repeat(10);
  const elements = ['00', blank, '00', blank, PARTNER_QUALIFIER, id(senderID), PARTNER_QUALIFIER, id(receiverID)];
  elements.push(date.slice(2), FIXED_TIME, 'U', '00401', control, '0', 'P', '>');
  return ['ISA', ...elements].join(ELEMENT) + SEGMENT;
}

/** IT106/IT107: `UP` + the 12-digit UPC-A, `EN` + the EAN-13, else `VN` + the code as it is. */
export function productQualifier(line: DocumentLine): [string, string] {
  const digits = upcDigits(line.barcode);
  if (line.symbology === 'upca' && digits.length === 12) return ['UP', digits];
  if (line.symbology === 'ean13' && digits.length === 13) return ['EN', digits];
  return ['VN', x12Text(line.barcode, 48) || String(line.productID)];
}

/** IT1, CTP (suggested retail) and PID (description) of one line; returns as negative quantities. */
function lineSegments(line: DocumentLine): string[] {
  const [qualifier, code] = productQualifier(line);
  return [
    segment('IT1', String(line.no), String(line.quantity), 'EA', centsText(cents(line.unitPrice)), '', qualifier, code),
    segment('CTP', 'RS', 'RES', centsText(cents(line.suggestedRetailPrice))),
    segment('PID', 'F', '', '', '', x12Text(line.description, DESCRIPTION_MAX)),
  ];
}

/** The X12 810 of an invoice (docs/edi.md); a walk-in invoice's customer id is 0. */
export function cstore810(doc: InvoiceDocument): Buffer {
  const control = controlNumber(doc);
  const date = x12Date(doc.invoice.date);
  const sender = partnerId(doc.biller.id);
  const receiver = partnerId(customerAccount(doc));
  const amount = cents(doc.amount);
  const quantity = doc.lines.reduce((sum, line) => sum + line.quantity, 0);
  const transaction = [
    segment('ST', '810', '0001'),
    segment('BIG', date, x12Text(doc.invoice.number), '', '', '', '', amount < 0 ? 'CR' : ''),
    segment('N1', 'SE', x12Text(doc.biller.company, NAME_MAX), PARTNER_QUALIFIER, sender),
    segment('N1', 'ST', x12Text(doc.customerName, NAME_MAX), PARTNER_QUALIFIER, receiver),
    ...doc.lines.flatMap(lineSegments),
    segment('TDS', String(amount)),
    segment('CTT', String(doc.lines.length), String(quantity)),
  ];
  transaction.push(segment('SE', String(transaction.length + 1), '0001'));
  const text = [
    isa(sender, receiver, date, control),
    segment('GS', 'IN', sender, receiver, date, FIXED_TIME, control, 'X', '004010'),
    ...transaction,
    segment('GE', '1', control),
    segment('IEA', '1', control),
  ].join('');
  return Buffer.from(text, 'ascii');
}
