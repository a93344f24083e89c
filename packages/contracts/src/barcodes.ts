import { id, text } from './common/fields.js';
import { listResponse } from './common/list.js';
import { z } from './common/zod.js';

/** The signed-in user's barcode label list (/products/barcode). */
export const barcodeItemSchema = z
  .object({
    id: z.int(),
    productID: z.int(),
    productName: z.string(),
    barcode: z.string(),
    barcodeSymbology: z.string(),
    quantity: z.int(),
    suggestedRetailPrice: z.number(),
  })
  .meta({ id: 'BarcodeItem' });
export type BarcodeItem = z.infer<typeof barcodeItemSchema>;

export const barcodeItemInput = z.object({
  productID: id(),
  quantity: z.int().min(1).max(10_000),
});
export const barcodeItemUpdateInput = z.object({
  id: id(),
  quantity: z.int().min(0).max(10_000),
});
export const barcodeGenerateInput = z.object({
  barcode: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x20-\x7e]+$/, { message: 'may hold only printable ASCII characters' }),
});

export const barcodeItemResponse = z.object({ barcodeItem: barcodeItemSchema });
export const barcodeItemsResponse = listResponse('barcodeItems', barcodeItemSchema);
/** `barcode`: the image's address (barcodeImagePath). */
export const barcodeGenerateResponse = z.object({ barcode: z.string() });
