import { PAYMENT_TYPES, type PaymentType } from '@wd/contracts';

/** How each payment type reads on screen. */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  credit: 'Credit',
  moneyOrder: 'Money order',
};

export const paymentTypeOptions = PAYMENT_TYPES.map((value) => ({ value, label: PAYMENT_TYPE_LABELS[value] }));
