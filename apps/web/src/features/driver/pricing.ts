import {
  computeInvoiceTotals,
  type GroupPriceRow,
  type InvoiceTotalsCents,
  resolveLinePrices,
  scannedQuantity,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { DeviceLine, DevicePayment, StoredProduct } from './db';

/**
 * The device prices and totals an invoice with the server's own rules (contracts/rules), in
 * cents, so the store's printed copy equals what the server stores.
 */

/** A new line for a scanned product, priced for the customer's price group (docs/business-rules.md). */
export function newLine(
  product: StoredProduct,
  priceGroupID: number,
  groupPrice: GroupPriceRow | undefined,
  byBox: boolean,
): DeviceLine {
  const prices = resolveLinePrices(
    {
      costPrice: toCents(product.costPrice),
      sellingPrice: toCents(product.sellingPrice),
      suggestedRetailPrice: toCents(product.suggestedRetailPrice),
    },
    priceGroupID,
    groupPrice
      ? { price: toCents(groupPrice.price), suggestedRetailPrice: toCents(groupPrice.suggestedRetailPrice) }
      : undefined,
  );
  return {
    productID: product.id,
    productName: product.name,
    barcode: product.barcode,
    quantity: scannedQuantity(byBox, product.unitQuantity),
    damaged: false,
    costPrice: toDollars(prices.costPrice),
    sellingPrice: toDollars(prices.sellingPrice),
    suggestedRetailPrice: toDollars(prices.suggestedRetailPrice),
  };
}

/** The invoice's totals (cents) as the server computes them from the same lines and payments. */
export function deviceTotals(lines: DeviceLine[], payments: DevicePayment[] = []): InvoiceTotalsCents {
  return computeInvoiceTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      sellingPrice: toCents(l.sellingPrice),
      suggestedRetailPrice: toCents(l.suggestedRetailPrice),
      costPrice: toCents(l.costPrice),
    })),
    payments.map((p) => ({ amountPaid: toCents(p.amount), discountRedeemed: 0, awardPointsRedeemed: 0 })),
  );
}

/** A line's subtotal in dollars. */
export const lineAmount = (l: DeviceLine) => toDollars(l.quantity * toCents(l.sellingPrice));

/**
 * Barcodes a scan may mean: as typed, and with one leading 0 added or removed (a UPC-A read
 * as EAN-13, or the reverse), as the server's lookup does.
 */
export function barcodeVariants(text: string): string[] {
  const t = text.trim();
  const out = [t, `0${t}`];
  if (t.startsWith('0')) out.push(t.slice(1));
  return out;
}
