import { type InvoiceDocument, toEdiQualifier } from '@wd/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { billers, customers, ediControlNumbers, ediDocuments } from '../../db/schema/index.js';
import { contentHash, type EdiIssue, type EdiPartner, PURPOSE, partnerOf } from './edi-cstore.js';
import { customerAccount } from './edi-format.js';

/** ISA13 is 9 digits: after 999,999,999 a biller's sequence starts again at 1. */
const LAST_CONTROL = 999_999_999;

/** The biller's and the customer's partner ids: their own EDI ids, or their padded record ids. */
async function partners(db: Tx, doc: InvoiceDocument): Promise<{ sender: EdiPartner; receiver: EdiPartner }> {
  const own = { ediId: billers.ediId, ediQualifier: billers.ediQualifier };
  const customerId = customerAccount(doc);
  const [[biller], [customer]] = await Promise.all([
    db.select(own).from(billers).where(eq(billers.id, doc.biller.id)),
    customerId
      ? db
          .select({ ediId: customers.ediId, ediQualifier: customers.ediQualifier })
          .from(customers)
          .where(eq(customers.id, customerId))
      : Promise.resolve([]),
  ]);
  const mine = (row?: { ediId: string; ediQualifier: string }) =>
    row ? { ediId: row.ediId, ediQualifier: toEdiQualifier(row.ediQualifier) } : undefined;
  return { sender: partnerOf(doc.biller.id, mine(biller)), receiver: partnerOf(customerId, mine(customer)) };
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
    // Takes the biller's sequence row (made on its first file) and holds it to the end.
    await tx
      .insert(ediControlNumbers)
      .values({ billerId, lastControl: 0 })
      .onConflictDoUpdate({ target: ediControlNumbers.billerId, set: { lastControl: ediControlNumbers.lastControl } });
    const [latest] = await tx
      .select({ control: ediDocuments.controlNumber, purpose: ediDocuments.purpose, hash: ediDocuments.contentHash })
      .from(ediDocuments)
      .where(eq(ediDocuments.invoiceId, doc.invoice.id))
      .orderBy(desc(ediDocuments.id))
      .limit(1);
    if (latest && latest.hash === hash) {
      const purpose = latest.purpose === PURPOSE.replace ? PURPOSE.replace : PURPOSE.original;
      return { ...parties, control: latest.control, purpose };
    }
    const [{ control }] = await tx
      .update(ediControlNumbers)
      .set({
        lastControl: sql`case when ${ediControlNumbers.lastControl} >= ${LAST_CONTROL} then 1 else ${ediControlNumbers.lastControl} + 1 end`,
      })
      .where(eq(ediControlNumbers.billerId, billerId))
      .returning({ control: ediControlNumbers.lastControl });
    const purpose = latest ? PURPOSE.replace : PURPOSE.original;
    await tx
      .insert(ediDocuments)
      .values({ invoiceId: doc.invoice.id, billerId, controlNumber: control, purpose, contentHash: hash });
    return { ...parties, control, purpose };
  });
}
