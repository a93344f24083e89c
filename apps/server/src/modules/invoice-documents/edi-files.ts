import type { InvoiceDocument } from '@wd/contracts';
import { cstore810, type EdiIssue } from './edi-cstore.js';
import { modisoftCsv } from './edi-modisoft.js';

/** One EDI file as downloaded and as attached to the EDI e-mail. */
export interface EdiFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** The invoice number as a file-name part: letters, digits, `-` and `_` only. */
const fileNumber = (doc: InvoiceDocument) => doc.invoice.number.replace(/[^\w-]/g, '_');

/** `Invoice_1042_EDI_MS.csv` and `Invoice_1042_EDI_C.x12`: names that say the invoice and the format. */
export function ediFilenames(doc: InvoiceDocument) {
  return { modisoft: `Invoice_${fileNumber(doc)}_EDI_MS.csv`, cstore: `Invoice_${fileNumber(doc)}_EDI_C.x12` };
}

export const EDI_CONTENT_TYPES = { modisoft: 'text/csv; charset=utf-8', cstore: 'application/edi-x12' } as const;

/** The Modisoft CSV (EDI MS) of an invoice. */
export function modisoftFile(doc: InvoiceDocument): EdiFile {
  return { filename: ediFilenames(doc).modisoft, contentType: EDI_CONTENT_TYPES.modisoft, data: modisoftCsv(doc) };
}

/** The X12 810 (EDI C) of an invoice, as issued (edi-issue.ts). */
export function cstoreFile(doc: InvoiceDocument, issue: EdiIssue): EdiFile {
  return { filename: ediFilenames(doc).cstore, contentType: EDI_CONTENT_TYPES.cstore, data: cstore810(doc, issue) };
}

/** Both files, as the download calls answer them and the EDI e-mail attaches them (same names, same bytes). */
export function ediFiles(doc: InvoiceDocument, issue: EdiIssue): EdiFile[] {
  return [modisoftFile(doc), cstoreFile(doc, issue)];
}
