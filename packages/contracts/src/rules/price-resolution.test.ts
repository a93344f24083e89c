import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_GROUP_ID } from '../price-groups.js';
import { resolveLinePrices, scannedQuantity, usesGroupPrices } from './price-resolution.js';

const product = { costPrice: 100, sellingPrice: 200, suggestedRetailPrice: 349 };
const groupPrice = { price: 180, suggestedRetailPrice: 329 };

describe('price resolution', () => {
  it("takes the group item's prices for a customer in another group that has the product", () => {
    expect(resolveLinePrices(product, 7, groupPrice)).toEqual({
      costPrice: 100,
      sellingPrice: 180,
      suggestedRetailPrice: 329,
    });
  });

  it("takes the product's own prices when the group has no item for it", () => {
    expect(resolveLinePrices(product, 7, undefined)).toEqual(product);
  });

  it('ignores any item for the default group (walk-ins and default customers)', () => {
    expect(resolveLinePrices(product, DEFAULT_PRICE_GROUP_ID, groupPrice)).toEqual(product);
    expect(usesGroupPrices(DEFAULT_PRICE_GROUP_ID)).toBe(false);
    expect(usesGroupPrices(2)).toBe(true);
  });

  it('keeps the cost from the product even with a group price, and a group price of 0', () => {
    const free = resolveLinePrices(product, 3, { price: 0, suggestedRetailPrice: 0 });
    expect(free).toEqual({ costPrice: 100, sellingPrice: 0, suggestedRetailPrice: 0 });
  });
});

describe('scanned quantity', () => {
  it('is 1, or the unit quantity (at least 1) for a box barcode', () => {
    expect(scannedQuantity(false, 24)).toBe(1);
    expect(scannedQuantity(true, 24)).toBe(24);
    expect(scannedQuantity(true, 0)).toBe(1);
  });
});
