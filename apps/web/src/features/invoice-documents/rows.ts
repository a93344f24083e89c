import type { DocumentRow, InvoiceDocument } from '@wd/contracts';

/** The document's rows with stable keys: a line by its id, a group subtotal row by the line it follows. */
export function keyedRows(doc: InvoiceDocument): { key: string; row: DocumentRow }[] {
  let last = 0;
  return doc.rows.map((row) => {
    if (row.kind === 'line') last = row.id;
    return { key: row.kind === 'line' ? `l${row.id}` : `g${last}`, row };
  });
}
