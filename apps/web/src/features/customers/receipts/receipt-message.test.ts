import { describe, expect, it } from 'vitest';
import { receiptMessage } from './receipt-message';

const share = (invoiceNo: string, amountPaid: number, amountDue: number) =>
  ({ invoiceNo, amountPaid, amountDue }) as never;

describe('receiptMessage', () => {
  it('names each invoice paid in full, each paid in part with what is still due, and the credit kept', () => {
    expect(
      receiptMessage({
        referenceNo: 'RCT-000012',
        shares: [share('Invoice/7', 55.35, 0), share('Invoice/9', 20, 144.65)],
        unallocated: 5,
      }),
    ).toBe(
      'Receipt RCT-000012 saved: Invoice/7 paid in full; Invoice/9 $20.00 paid, $144.65 still due; $5.00 kept as credit on account.',
    );
  });

  it('says so when the whole amount went to credit on account', () => {
    expect(receiptMessage({ referenceNo: 'RCT-000013', shares: [], unallocated: 30 })).toBe(
      'Receipt RCT-000013 saved: $30.00 kept as credit on account.',
    );
  });
});
