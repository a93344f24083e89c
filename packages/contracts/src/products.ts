import { id, nonNegativeDollars, text } from './common/fields.js';
import { pageFields } from './common/list.js';
import { z } from './common/zod.js';
import { BARCODE_SYMBOLOGIES, normalizeBarcode } from './rules/barcode.js';

export const barcodeSymbology = z.enum(BARCODE_SYMBOLOGIES);

export const productSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    unitQuantity: z.int(),
    barcodeSymbology,
    barcode: z.string(),
    boxBarcode: z.string(),
    category: z.string(),
    costPrice: z.number(),
    sellingPrice: z.number(),
    suggestedRetailPrice: z.number(),
    quantitySold: z.number(),
    /** 0 when the product is in no product price group. */
    productGroupID: z.int(),
    deletedAt: z.string().nullable(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

const boxBarcode = text()
  .trim()
  .max(48)
  .regex(/^[\x20-\x7e]*$/, { message: 'may hold only printable ASCII characters' });

const productFields = {
  name: text().trim().min(1).max(200),
  unitQuantity: z.int().min(1).max(100_000).default(1),
  barcodeSymbology: barcodeSymbology.default('upca'),
  barcode: text().max(64),
  boxBarcode: boxBarcode.default(''),
  category: text().trim().max(100).default(''),
  costPrice: nonNegativeDollars(),
  sellingPrice: nonNegativeDollars(),
  suggestedRetailPrice: nonNegativeDollars(),
};

/** Validates the barcode for its symbology and completes a missing check digit. */
function withBarcode<T extends { barcodeSymbology: (typeof BARCODE_SYMBOLOGIES)[number]; barcode: string }>(
  value: T,
  ctx: z.RefinementCtx,
): T {
  const result = normalizeBarcode(value.barcodeSymbology, value.barcode);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', path: ['barcode'], message: result.message });
    return value;
  }
  return { ...value, barcode: result.barcode };
}

export const productInput = z.object(productFields).transform(withBarcode);
export type ProductInput = z.input<typeof productInput>;

export const productUpdateInput = z.object({ id: id(), ...productFields }).transform(withBarcode);
export type ProductUpdateInput = z.input<typeof productUpdateInput>;

export const productResponse = z.object({ product: productSchema });
export const productsResponse = z.object({ products: z.array(productSchema), ...pageFields });
export const categoriesResponse = z.object({ categories: z.array(z.string()), ...pageFields });

/** Messages the spec fixes. */
export const PRODUCT_MESSAGES = {
  notFound: "The product doesn't exist",
  notFoundAlert: 'Product does not exist',
  alreadyInGroup: 'This product is already assigned to a product group, please remove it from that group first',
  duplicateBarcode: 'Another product already has this barcode',
  duplicateBoxBarcode: 'Another product already has this box barcode',
  costFromGroup: "The cost price is set by the product's price group",
} as const;
