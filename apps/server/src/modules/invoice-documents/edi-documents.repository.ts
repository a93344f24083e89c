import { desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { billers, customers, ediControlNumbers, ediDocuments } from '../../db/schema/index.js';

/** ISA13 is 9 digits: after 999,999,999 a biller's sequence starts again at 1. */
const LAST_CONTROL = 999_999_999;

const partnerColumns = { ediId: billers.ediId, ediQualifier: billers.ediQualifier };

/** The X12 810s issued per invoice and the billers' control number sequences (edi-issue.ts). */
export const ediDocumentsRepository = {
  /** A biller's and a customer's own EDI ids ('' for none; no customer for a walk-in). */
  async partners(db: Tx, billerId: number, customerId: number) {
    const [[biller], [customer]] = await Promise.all([
      db.select(partnerColumns).from(billers).where(eq(billers.id, billerId)),
      customerId
        ? db
            .select({ ediId: customers.ediId, ediQualifier: customers.ediQualifier })
            .from(customers)
            .where(eq(customers.id, customerId))
        : Promise.resolve([]),
    ]);
    return { biller, customer };
  },

  /** Takes the biller's sequence row (made on its first file) and holds it to the end of the transaction. */
  async lockSequence(tx: Tx, billerId: number) {
    await tx
      .insert(ediControlNumbers)
      .values({ billerId, lastControl: 0 })
      .onConflictDoUpdate({ target: ediControlNumbers.billerId, set: { lastControl: ediControlNumbers.lastControl } });
  },

  /** The invoice's newest issued file, if any. */
  async latest(tx: Tx, invoiceId: number) {
    const [row] = await tx
      .select({ control: ediDocuments.controlNumber, purpose: ediDocuments.purpose, hash: ediDocuments.contentHash })
      .from(ediDocuments)
      .where(eq(ediDocuments.invoiceId, invoiceId))
      .orderBy(desc(ediDocuments.id))
      .limit(1);
    return row;
  },

  /** The biller's next control number (its sequence row must be locked). */
  async nextControl(tx: Tx, billerId: number): Promise<number> {
    const [{ control }] = await tx
      .update(ediControlNumbers)
      .set({
        lastControl: sql`case when ${ediControlNumbers.lastControl} >= ${LAST_CONTROL} then 1 else ${ediControlNumbers.lastControl} + 1 end`,
      })
      .where(eq(ediControlNumbers.billerId, billerId))
      .returning({ control: ediControlNumbers.lastControl });
    return control;
  },

  async record(
    tx: Tx,
    row: { invoiceId: number; billerId: number; controlNumber: number; purpose: string; contentHash: string },
  ) {
    await tx.insert(ediDocuments).values(row);
  },
};
