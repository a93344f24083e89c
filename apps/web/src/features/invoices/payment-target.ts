import type { Invoice } from '@wd/contracts';
import type { PaymentTarget } from '../payments/components/PaymentModal';

/** A customer invoice as the payment modal takes it. */
export const paymentTarget = (
  i: Pick<Invoice, 'id' | 'invoiceNo' | 'total' | 'balance' | 'billerID'>,
): PaymentTarget => ({
  kind: 'customer',
  id: i.id,
  invoiceNo: i.invoiceNo,
  total: i.total,
  balance: i.balance,
  billerID: i.billerID,
});
