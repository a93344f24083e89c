import { createHash } from 'node:crypto';
import type { DocumentLine, EdiQualifier, InvoiceDocument } from '@wd/contracts';
import { centsText } from '../../lib/csv.js';
import { cents, customerAccount, upcDigits, x12Date } from './edi-format.js';

/**
 * EDI C: the invoice as an ANSI X12 810, version 004010 (docs/edi.md, "EDI
 * exports", docs/edi.md). One interchange, one group, one transaction set.
 * Element separator `*`, segment terminator `~`, component separator `>`.
 * Dates come from the invoice date with a fixed time; the control numbers and
 * the purpose code come from the document's issue (edi-issue.ts), so the same
 * content always gives the same bytes and a change is a new transmission.
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

/** A trading partner as the 810 names it: ISA05/ISA07 and N103 the qualifier, ISA06/ISA08, GS02/GS03 and N104 the id. */
export interface EdiPartner {
  qualifier: EdiQualifier;
  id: string;
}

/** ISA05/ISA07 and N103 of a partner without an EDI id of its own: mutually defined. */
export const PARTNER_QUALIFIER = 'ZZ';

/**
 * A trading partner: the EDI id of the biller or customer record when it has one, else the
 * record's id zero-padded to 6 digits (biller 1 is `000001`, a walk-in customer `000000`) under
 * `ZZ`. X12 004010 wants GS02/GS03 2–15 characters and N104 2–80: a bare `1` is refused by a
 * strict translator.
 */
export function partnerOf(recordId: number, own?: { ediId: string; ediQualifier: EdiQualifier }): EdiPartner {
  if (own?.ediId) return { qualifier: own.ediQualifier, id: own.ediId };
  return { qualifier: PARTNER_QUALIFIER, id: String(recordId).padStart(6, '0') };
}

/**
 * N103 (element 66) names the same kinds of id with its own codes: a DUNS number is `1` there
 * (ISA05's `01`); a phone number `12` and mutually defined `ZZ` are the same in both.
 */
export function n1Qualifier(qualifier: EdiQualifier): string {
  return qualifier === '01' ? '1' : qualifier;
}

/** X12 element 353, BIG08: the first file of an invoice, or one that replaces an earlier file. */
export const PURPOSE = { original: '00', replace: '05' } as const;
export type EdiPurpose = (typeof PURPOSE)[keyof typeof PURPOSE];

/** What makes one issued file: its control number (ISA13 = IEA02, GS06 = GE02, ST02 = SE02), purpose and partners. */
export interface EdiIssue {
  control: number;
  purpose: EdiPurpose;
  sender: EdiPartner;
  receiver: EdiPartner;
}

/** A control number as written: 9 digits, zero-padded (ISA13 is exactly 9). */
export function controlText(control: number): string {
  return String(control).padStart(9, '0');
}

/** A segment; trailing empty elements are left out, as X12 wants. */
function segment(tag: string, ...elements: string[]): string {
  const values = [...elements];
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  return [tag, ...values].join(ELEMENT) + SEGMENT;
}

/** ISA: fixed width, 106 characters with the terminator; ids right-padded to 15. */
function isa(sender: EdiPartner, receiver: EdiPartner, date: string, control: string): string {
  const id = (value: string) => value.slice(0, 15).padEnd(15, ' ');
  const blank = ' '.repeat(10);
  const elements = ['00', blank, '00', blank, sender.qualifier, id(sender.id), receiver.qualifier, id(receiver.id)];
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

/** The partners of a document from its records' ids alone (no EDI ids of their own); a walk-in customer is 0. */
export function defaultPartners(doc: InvoiceDocument): Pick<EdiIssue, 'sender' | 'receiver'> {
  return { sender: partnerOf(doc.biller.id), receiver: partnerOf(customerAccount(doc)) };
}

/**
 * The X12 810 of an invoice (docs/edi.md) as one issue of it. Everything but the control numbers
 * and the purpose code comes from the document and the partners, so `contentHash` tells whether
 * two issues carry the same invoice.
 */
export function cstore810(doc: InvoiceDocument, issue: EdiIssue): Buffer {
  const control = controlText(issue.control);
  const { sender, receiver } = issue;
  const date = x12Date(doc.invoice.date);
  const amount = cents(doc.amount);
  const quantity = doc.lines.reduce((sum, line) => sum + line.quantity, 0);
  const transaction = [
    segment('ST', '810', control),
    segment('BIG', date, x12Text(doc.invoice.number), '', '', '', '', amount < 0 ? 'CR' : '', issue.purpose),
    segment('N1', 'SE', x12Text(doc.biller.company, NAME_MAX), n1Qualifier(sender.qualifier), sender.id),
    segment('N1', 'ST', x12Text(doc.customerName, NAME_MAX), n1Qualifier(receiver.qualifier), receiver.id),
    ...doc.lines.flatMap(lineSegments),
    segment('TDS', String(amount)),
    segment('CTT', String(doc.lines.length), String(quantity)),
  ];
  transaction.push(segment('SE', String(transaction.length + 1), control));
  const text = [
    isa(sender, receiver, date, control),
    // GS06/GE02 are numeric (N0): no leading zeros; ISA13 is exactly 9 digits, ST02 text of 4-9.
    segment('GS', 'IN', sender.id, receiver.id, date, FIXED_TIME, String(issue.control), 'X', '004010'),
    ...transaction,
    segment('GE', '1', String(issue.control)),
    segment('IEA', '1', control),
  ].join('');
  return Buffer.from(text, 'ascii');
}

/** The content of an 810 without its control numbers and purpose code, hashed: equal hashes, equal invoice. */
export function contentHash(doc: InvoiceDocument, partners: Pick<EdiIssue, 'sender' | 'receiver'>): string {
  const neutral = cstore810(doc, { ...partners, control: 0, purpose: PURPOSE.original });
  return createHash('sha256').update(neutral).digest('hex');
}
