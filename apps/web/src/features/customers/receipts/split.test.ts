import { describe, expect, it } from 'vitest';
import { fillOldestFirst, splitState } from './split';

const open = [
  { id: 7, invoiceNo: 'INV-7', date: '2026-09-05', total: 20, balance: 20 },
  { id: 3, invoiceNo: 'INV-3', date: '2026-09-01', total: 10, balance: 10.01 },
  { id: 9, invoiceNo: 'INV-9', date: '2026-09-10', total: 7, balance: 7 },
];

describe('Receive Payment split', () => {
  it('fills oldest first, to the cent, and stops when the amount is spent', () => {
    expect(fillOldestFirst(25, open)).toEqual({ 3: 10.01, 7: 14.99, 9: 0 });
    expect(fillOldestFirst(0, open)).toEqual({ 3: 0, 7: 0, 9: 0 });
    expect(fillOldestFirst(100, open)).toEqual({ 3: 10.01, 7: 20, 9: 7 });
  });

  it('shows the remainder live and refuses to save until it is 0 or credit on account', () => {
    expect(splitState(25, open, { 3: 10.01, 7: 14.99 }, false)).toEqual({
      allocated: 25,
      remainder: 0,
      problem: undefined,
    });
    const over = splitState(40, open, fillOldestFirst(40, open), false);
    expect(over).toEqual({
      allocated: 37.01,
      remainder: 2.99,
      problem: 'Allocate the whole amount, or mark the remainder as credit on account',
    });
    expect(splitState(40, open, fillOldestFirst(40, open), true).problem).toBeUndefined();
    expect(splitState(5, open, { 3: 6 }, false).problem).toBe('The shares add up to more than the amount');
    expect(splitState(30, open, { 9: 8, 7: 22 }, false).problem).toBe('An invoice share is more than its open balance');
  });
});
