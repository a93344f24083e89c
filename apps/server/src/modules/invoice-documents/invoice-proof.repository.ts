import type { DocumentProof } from '@wd/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { files, invoiceProofs } from '../../db/schema/index.js';

/** The proof of delivery a driver's device recorded for an invoice, with its signature as a data: URL. */
export const invoiceProofRepository = {
  async proofOf(db: Tx, invoiceId: number): Promise<DocumentProof | null> {
    const [row] = await db
      .select({
        receivedBy: invoiceProofs.receivedBy,
        signedAt: invoiceProofs.signedAt,
        latitude: invoiceProofs.latitude,
        longitude: invoiceProofs.longitude,
        contentType: files.contentType,
        data: files.data,
      })
      .from(invoiceProofs)
      .innerJoin(files, eq(files.id, invoiceProofs.signatureFileId))
      .where(eq(invoiceProofs.invoiceId, invoiceId));
    if (!row) return null;
    return {
      receivedBy: row.receivedBy,
      signedAt: row.signedAt.toISOString(),
      signature: `data:${row.contentType};base64,${row.data.toString('base64')}`,
      latitude: row.latitude,
      longitude: row.longitude,
    };
  },
};
