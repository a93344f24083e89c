import { describe, expect, it } from 'vitest';
import { lineMarginPercent } from './margins.js';
import { percentOf, suggestPrice, suggestPriceCents } from './price-suggestor.js';

describe('price suggestor', () => {
  it('margin: price = cost / (1 − p/100), rounded to the cent', () => {
    expect(suggestPriceCents(1000, 35, 'margin')).toBe(1538); // 15.3846…
    expect(suggestPriceCents(1000, 40, 'margin')).toBe(1667); // 16.666…
    expect(suggestPrice(2.99, 42, 'margin')).toBe(5.16); // 5.1551…
  });
  it('markup: price = cost × (1 + p/100)', () => {
    expect(suggestPriceCents(1000, 45, 'markup')).toBe(1450);
    expect(suggestPrice(0.99, 35, 'markup')).toBe(1.34); // 1.3365
  });
  it('rounds half away from zero', () => {
    expect(suggestPriceCents(1, 50, 'markup')).toBe(2); // 1.5 cents
    expect(suggestPriceCents(3, 50, 'markup')).toBe(5); // 4.5 cents
  });
  it('gives no price for zero cost, zero percent, or a margin of 100% or more', () => {
    expect(suggestPriceCents(0, 35, 'margin')).toBeNull();
    expect(suggestPriceCents(1000, 0, 'markup')).toBeNull();
    expect(suggestPriceCents(1000, 100, 'margin')).toBeNull();
    expect(suggestPriceCents(1000, 150, 'margin')).toBeNull();
    expect(suggestPriceCents(1000, 150, 'markup')).toBe(2500);
  });
  it('reads the percentage back from a price', () => {
    expect(percentOf(10, 20, 'margin')).toBe(50);
    expect(percentOf(10, 20, 'markup')).toBe(100);
    expect(percentOf(0, 20, 'markup')).toBeNull();
  });
});

describe('line margin', () => {
  it('is 100 × (1 − selling / retail), none without a retail price', () => {
    expect(lineMarginPercent(1.5, 2)).toBe(25);
    expect(lineMarginPercent(2.5, 2)).toBe(-25);
    expect(lineMarginPercent(1, 0)).toBeNull();
  });
});
