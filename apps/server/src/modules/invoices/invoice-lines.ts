import { barcodeVariants, computeInvoiceTotals, INVOICE_MESSAGES, settledStatus } from '@wd/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { invoicesRepository as repo } from './invoices.repository.js';

/**
 * Recomputes the stored totals from the lines and payments (DOMAIN.md's one
 * rule, in contracts) and settles the status unless the invoice is NEW.
 * Called inside the transaction that changed them, under the invoice's lock.
 */
export async function recomputeInvoice(tx: Tx, invoiceId: number) {
  const [lines, pays, head] = await Promise.all([
    repo.allItems(tx, invoiceId),
    repo.allPayments(tx, invoiceId),
    repo.find(tx, invoiceId),
  ]);
  if (!head) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  const t = computeInvoiceTotals(lines, pays, {
    discountRedeemed: head.headerDiscount,
    awardPointsRedeemed: head.headerAwardPoints,
  });
  await repo.update(tx, invoiceId, {
    total: t.total,
    amountCredited: t.amountCredited,
    paid: t.paid,
    discountRedeemed: t.discountRedeemed,
    awardPointsRedeemed: t.awardPointsRedeemed,
    balance: t.balance,
    totalSuggested: t.totalSuggested,
    suggestedCredited: t.suggestedCredited,
    ...(head.status === 'NEW' ? {} : { status: settledStatus(t.balance) }),
  });
  return t;
}

/** Matches scanned or typed text to one active product (DOMAIN.md, "Adding a product"). */
export async function matchProduct(tx: Tx, text: string) {
  const t = text.trim();
  const rows = await tx
    .select({ id: products.id, barcode: products.barcode, boxBarcode: products.boxBarcode })
    .from(products)
    .where(
      and(
        isNull(products.deletedAt),
        or(
          inArray(products.barcode, barcodeVariants(t)),
          eq(products.boxBarcode, t),
          sql`lower(${products.name}) = lower(${t})`,
        ),
      ),
    )
    .limit(2);
  if (rows.length === 0) throw new NotFoundError(`${INVOICE_MESSAGES.noMatch} "${t}"`);
  if (rows.length > 1) throw new ConflictError(INVOICE_MESSAGES.manyMatches);
  return {
    id: rows[0].id,
    byBox: rows[0].boxBarcode !== '' && rows[0].boxBarcode === t && !barcodeVariants(t).includes(rows[0].barcode),
  };
}
