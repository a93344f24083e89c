import {
  addressLines,
  buildInvoiceDocument,
  type DocumentParty,
  INVOICE_MESSAGES,
  type InvoiceDocument,
} from '@wd/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { invoiceItems, products } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { billersRepository, toBiller } from '../billers/billers.repository.js';
import { customersRepository } from '../customers/customers.repository.js';
import { invoicesRepository } from '../invoices/invoices.repository.js';
import { invoicePayments } from '../ledger/invoice-totals.js';

/** The lines in the order they were added, with what the printout needs of each product (gone products: none). */
function documentLines(db: Tx, invoiceId: number) {
  return db
    .select({
      id: invoiceItems.id,
      productID: sql<number>`coalesce(${invoiceItems.productId}, 0)`.mapWith(Number),
      barcode: invoiceItems.barcode,
      symbology: sql<string>`coalesce(${products.barcodeSymbology}, '')`,
      productName: invoiceItems.productName,
      quantity: invoiceItems.quantity,
      unitsPerCase: sql<number>`coalesce(${products.unitQuantity}, 1)`.mapWith(Number),
      sellingPrice: invoiceItems.sellingPrice,
      suggestedRetailPrice: invoiceItems.suggestedRetailPrice,
      damagedGood: invoiceItems.damagedGood,
    })
    .from(invoiceItems)
    .leftJoin(products, eq(products.id, invoiceItems.productId))
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.id));
}

type PartyRow = { id: number; company: string; name: string; phone: string; email: string } & Parameters<
  typeof addressLines
>[0];

function toParty(row: PartyRow): DocumentParty {
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
  const [lines, payments, biller, customer] = await Promise.all([
    documentLines(db, id),
    invoicePayments(db, id),
    billersRepository.find(db, head.billerID),
    head.customerID ? customersRepository.find(db, head.customerID) : undefined,
  ]);
  return buildInvoiceDocument({
    invoice: head,
    biller: biller
      ? { ...toParty(biller), logo: toBiller(biller).logo }
      : { id: head.billerID, company: '', name: '', addressLines: [], phone: '', email: '', logo: '' },
    customer: customer ? toParty(customer) : null,
    lines,
    payments,
  });
}
