import {
  addressLines,
  buildInvoiceDocument,
  type DocumentParty,
  INVOICE_MESSAGES,
  type InvoiceDocument,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { billersRepository, toBiller } from '../billers/billers.repository.js';
import { customersRepository } from '../customers/customers.repository.js';
import { invoiceItemsRepository } from '../invoices/invoice-items.repository.js';
import { invoicesRepository } from '../invoices/invoices.repository.js';
import { invoicePayments } from '../ledger/invoice-totals.js';
import { invoiceProofRepository } from './invoice-proof.repository.js';

type PartyRow = { id: number; company: string; name: string; phone: string; email: string } & Parameters<
  typeof addressLines
>[0];

/** A biller or customer as the printed invoice shows them. */
export function toParty(row: PartyRow): DocumentParty {
  return {
    id: row.id,
    company: row.company,
    name: row.name,
    addressLines: addressLines(row),
    phone: row.phone,
    email: row.email,
  };
}

/**
 * The printed invoice (docs/invoice-documents.md): read in one go from the
 * invoice, its biller, customer, lines and payments, then built by the one
 * rule in contracts, so the print views, the PDF and the EDI files agree.
 */
export async function loadInvoiceDocument(db: Tx, id: number): Promise<InvoiceDocument> {
  const head = await invoicesRepository.find(db, id);
  if (!head) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  const [lines, payments, biller, customer, proof] = await Promise.all([
    invoiceItemsRepository.documentLines(db, id),
    invoicePayments(db, id),
    billersRepository.find(db, head.billerID),
    head.customerID ? customersRepository.find(db, head.customerID) : undefined,
    invoiceProofRepository.proofOf(db, id),
  ]);
  return buildInvoiceDocument({
    invoice: head,
    biller: biller
      ? { ...toParty(biller), logo: toBiller(biller).logo }
      : { id: head.billerID, company: '', name: '', addressLines: [], phone: '', email: '', logo: '' },
    customer: customer ? toParty(customer) : null,
    lines,
    payments,
    proof,
  });
}

/** The invoice PDF's file name: '1042.pdf' for Invoice/1042 (the download's and the e-mail's). */
export function invoicePdfFilename(doc: InvoiceDocument): string {
  return `${doc.invoice.number.replace(/[^\w.-]/g, '_')}.pdf`;
}
