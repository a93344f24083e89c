import { formatMoney, type Receipt } from '@wd/contracts';

/**
 * What a saved receipt did, in words the clerk can check against the customer's
 * invoices: each invoice paid in full, each paid in part with what is still
 * due, and the credit kept on account.
 * "Receipt RCT-000012 saved: Invoice/7 paid in full; Invoice/9 $20.00 paid, $144.65 still due."
 */
export function receiptMessage(receipt: Pick<Receipt, 'referenceNo' | 'shares' | 'unallocated'>): string {
  const parts = receipt.shares.map((s) =>
    s.amountDue <= 0
      ? `${s.invoiceNo} paid in full`
      : `${s.invoiceNo} ${formatMoney(s.amountPaid)} paid, ${formatMoney(s.amountDue)} still due`,
  );
  if (receipt.unallocated > 0) parts.push(`${formatMoney(receipt.unallocated)} kept as credit on account`);
  return `Receipt ${receipt.referenceNo} saved: ${parts.length > 0 ? parts.join('; ') : 'nothing allocated'}.`;
}
