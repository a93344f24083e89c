import { describe, expect, it } from 'vitest';
import { chequeText, defaultPaymentType } from './payment-types';

describe('a new payment’s type', () => {
  it('starts as cash for biller 1, cheque for biller 2, none for another biller', () => {
    expect(defaultPaymentType({ kind: 'customer', billerID: 1 })).toBe('cash');
    expect(defaultPaymentType({ kind: 'customer', billerID: 2 })).toBe('cheque');
    expect(defaultPaymentType({ kind: 'customer', billerID: 3 })).toBeNull();
  });

  it('starts as cash for a supplier invoice, which has no biller', () => {
    expect(defaultPaymentType({ kind: 'supplier' })).toBe('cash');
  });
});

describe('the cheque cell of a payment history', () => {
  it('says when a cheque number has no photo, and shows nothing for a cash payment', () => {
    expect(chequeText({ chequeNo: '4411', hasCheque: false })).toBe('4411, no photo');
    expect(chequeText({ chequeNo: '4411', hasCheque: true })).toBe('4411');
    expect(chequeText({ chequeNo: '', hasCheque: false })).toBe('');
  });
});
