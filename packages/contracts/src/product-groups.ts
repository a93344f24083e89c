import { id, nonNegativeDollars, text } from './common/fields.js';
import { listResponse } from './common/list.js';
import { z } from './common/zod.js';
import { productSchema } from './products.js';

export const productGroupSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    costPrice: z.number(),
    sellingPrice: z.number(),
    suggestedRetailPrice: z.number(),
    /** Active products in the group. */
    productCount: z.int(),
  })
  .meta({ id: 'ProductGroup' });
export type ProductGroup = z.infer<typeof productGroupSchema>;

const fields = {
  name: text().trim().min(1).max(200),
  costPrice: nonNegativeDollars(),
  sellingPrice: nonNegativeDollars(),
  suggestedRetailPrice: nonNegativeDollars(),
};
export const productGroupInput = z.object(fields);
export type ProductGroupInput = z.infer<typeof productGroupInput>;
export const productGroupUpdateInput = z.object({ id: id(), ...fields });
export type ProductGroupUpdateInput = z.infer<typeof productGroupUpdateInput>;

export const productGroupItemInput = z.object({
  productGroupID: id(),
  productID: id(),
});
export type ProductGroupItemInput = z.infer<typeof productGroupItemInput>;

export const productGroupResponse = z.object({ productGroup: productGroupSchema });
export const productGroupsResponse = listResponse('productGroups', productGroupSchema);
/** The products of a group. */
export const productGroupItemsResponse = listResponse('products', productSchema);

export const PRODUCT_GROUP_MESSAGES = {
  notFound: "The Product Price Group doesn't exist",
  notInGroup: 'The product is not in this product price group',
} as const;
