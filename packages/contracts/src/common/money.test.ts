import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatPercent,
  groupThousands,
  hasAtMostTwoDecimals,
  nonNegativeDollars,
  roundHalfAwayFromZero,
  toCents,
  toDollars,
} from '../index.js';

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero on both sides', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(-0.4)).toBe(-0);
  });

  it('absorbs binary noise: 1.005 dollars is 101 cents, 1.015 is 102', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(1.015)).toBe(102);
    expect(toCents(-1.005)).toBe(-101);
  });
});

describe('cents and dollars', () => {
  it('converts exactly for two-decimal amounts', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toDollars(1999)).toBe(19.99);
  });

  it('knows when an amount has more than two decimals', () => {
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
  });

  it('validates wire amounts', () => {
    expect(nonNegativeDollars().safeParse(12.34).success).toBe(true);
    expect(nonNegativeDollars().safeParse(-1).error?.issues[0].message).toBe('must be a number ≥ 0');
    expect(nonNegativeDollars().safeParse(1.234).error?.issues[0].message).toBe('must have at most two decimals');
  });
});

describe('formatMoney', () => {
  it('shows dollars with thousands separators and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00');
    expect(formatMoney(null)).toBe('$0.00');
  });

  it('puts the minus before the dollar sign', () => {
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  it('rounds to the cent half away from zero, and agrees with Intl over a sweep of amounts', () => {
    expect(formatMoney(1.005)).toBe('$1.01');
    expect(formatMoney(-2.675)).toBe('-$2.68');
    expect(formatMoney(21_474_836.47)).toBe('$21,474,836.47');
    expect(formatMoney(999.999)).toBe('$1,000.00');
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (let cents = -1_234_567; cents <= 123_456_789; cents += 7_919) {
      const shown = intl.format(Math.abs(cents) / 100);
      expect(formatMoney(cents / 100)).toBe(cents < 0 ? `-${shown}` : shown);
    }
  });
});

describe('groupThousands', () => {
  it('puts a comma between groups of three digits', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(1234567)).toBe('1,234,567');
  });
});

describe('formatPercent', () => {
  it('shows two decimals and a percent sign', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(-5)).toBe('-5.00%');
    expect(formatPercent(Number.NaN)).toBe('');
  });
});
