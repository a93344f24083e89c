import { type InvoiceDocument, toEdiQualifier } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { contentHash, type EdiIssue, type EdiPartner, PURPOSE, partnerOf } from './edi-cstore.js';
import { ediDocumentsRepository as repo } from './edi-documents.repository.js';
import { customerAccount } from './edi-format.js';

/** The biller's and the customer's partner ids: their own EDI ids, or their padded record ids. */
async function partners(db: Tx, doc: InvoiceDocument): Promise<{ sender: EdiPartner; receiver: EdiPartner }> {
  const customerId = customerAccount(doc);
  const { biller, customer } = await repo.partners(db, doc.biller.id, customerId);
  const own = (row?: { ediId: string; ediQualifier: string }) =>
    row ? { ediId: row.ediId, ediQualifier: toEdiQualifier(row.ediQualifier) } : undefined;
  return { sender: partnerOf(doc.biller.id, own(biller)), receiver: partnerOf(customerId, own(customer)) };
}

/**
 * The issue of the invoice's X12 810 (docs/edi.md, "Control numbers"): while its content is the
 * newest issued file's, that file's control number and purpose (so a download is the same bytes
 * every time); when the content changed, the biller's next control number, recorded, with the
 * purpose "replace" when an earlier file was issued. Issues of one biller are serialized by a lock
 * on its sequence row, so two downloads of a changed invoice at once issue one number, not two.
 */
export async function issueCstore(db: Tx, doc: InvoiceDocument): Promise<EdiIssue> {
  const parties = await partners(db, doc);
  const hash = contentHash(doc, parties);
  const billerId = doc.biller.id;
  return db.transaction(async (tx) => {
    await repo.lockSequence(tx, billerId);
    const latest = await repo.latest(tx, doc.invoice.id);
    if (latest && latest.hash === hash) {
      const purpose = latest.purpose === PURPOSE.replace ? PURPOSE.replace : PURPOSE.original;
      return { ...parties, control: latest.control, purpose };
    }
    const control = await repo.nextControl(tx, billerId);
    const purpose = latest ? PURPOSE.replace : PURPOSE.original;
    await repo.record(tx, { invoiceId: doc.invoice.id, billerId, controlNumber: control, purpose, contentHash: hash });
    return { ...parties, control, purpose };
  });
}
