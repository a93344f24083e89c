import { DEFAULT_PRICE_GROUP_ID } from '../price-groups.js';

/**
 * The prices a new invoice line takes (docs/business-rules.md, "Adding a
 * product to an invoice"). All amounts in cents.
 */

/** A product's own prices. */
export interface ProductPrices {
  costPrice: number;
  sellingPrice: number;
  suggestedRetailPrice: number;
}

/** A customer price group's item for the product. */
export interface GroupPrice {
  price: number;
  suggestedRetailPrice: number;
}

export type LinePrices = ProductPrices;

/** Whether a customer in this price group may get group prices (the default group has none). */
export function usesGroupPrices(priceGroupId: number): boolean {
  return priceGroupId !== DEFAULT_PRICE_GROUP_ID;
}

/**
 * The group item's price and suggested retail price when the customer is in a
 * group other than the default one and that group has an item for the
 * product; otherwise the product's own. The cost always comes from the product.
 */
export function resolveLinePrices(
  product: ProductPrices,
  priceGroupId: number,
  groupPrice: GroupPrice | undefined,
): LinePrices {
  if (usesGroupPrices(priceGroupId) && groupPrice) {
    return {
      costPrice: product.costPrice,
      sellingPrice: groupPrice.price,
      suggestedRetailPrice: groupPrice.suggestedRetailPrice,
    };
  }
  return {
    costPrice: product.costPrice,
    sellingPrice: product.sellingPrice,
    suggestedRetailPrice: product.suggestedRetailPrice,
  };
}

/** A scan adds 1, or the product's unit quantity (at least 1) when the box barcode matched. */
export function scannedQuantity(byBox: boolean, unitQuantity: number): number {
  return byBox ? Math.max(1, unitQuantity) : 1;
}
