import { HOUSE_BILLER_ID, PAYMENT_TYPES, type PaymentKind, type PaymentType, SECOND_BILLER_ID } from '@wd/contracts';

/** How each payment type reads on screen. */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  credit: 'Credit',
  moneyOrder: 'Money order',
};

export const paymentTypeOptions = PAYMENT_TYPES.map((value) => ({ value, label: PAYMENT_TYPE_LABELS[value] }));

/**
 * The type a new payment starts with (docs/business-rules.md, "Payments"): cash for biller 1,
 * cheque for biller 2, else none chosen. A supplier invoice has no biller: its
 * payments start as cash, as biller 1's do.
 */
export function defaultPaymentType(target: { kind: PaymentKind; billerID?: number }): PaymentType | null {
  if (target.kind === 'supplier') return 'cash';
  return target.billerID === HOUSE_BILLER_ID ? 'cash' : target.billerID === SECOND_BILLER_ID ? 'cheque' : null;
}

/** A history row's cheque cell: its number, and "no photo" when no image was stored with it. */
export function chequeText(p: { chequeNo: string; hasCheque: boolean }): string {
  return p.chequeNo && !p.hasCheque ? `${p.chequeNo}, no photo` : p.chequeNo;
}
