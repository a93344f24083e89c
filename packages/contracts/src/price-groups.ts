import { id, nonNegativeDollars, text } from './common/fields.js';
import { listResponse } from './common/list.js';
import { z } from './common/zod.js';
import { productGroupSchema } from './product-groups.js';

/** Customer price groups; group 1 is the default every customer starts in. */
export const DEFAULT_PRICE_GROUP_ID = 1;

export const priceGroupSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    itemCount: z.int(),
  })
  .meta({ id: 'PriceGroup' });
export type PriceGroup = z.infer<typeof priceGroupSchema>;

export const priceGroupInput = z.object({ name: text().trim().min(1).max(200) });
export const priceGroupUpdateInput = z.object({ id: id(), name: text().trim().min(1).max(200) });

export const priceGroupItemSchema = z
  .object({
    id: z.int(),
    priceGroupID: z.int(),
    productID: z.int(),
    productName: z.string(),
    barcode: z.string(),
    category: z.string(),
    productGroupID: z.int(),
    costPrice: z.number(),
    sellingPrice: z.number(),
    suggestedRetailPrice: z.number(),
    /** The group's price (sent as `price`). */
    updatedPrice: z.number(),
    /** The group's suggested retail price (sent as `suggestedRetailPrice`). */
    updatedSuggestedRetailPrice: z.number(),
  })
  .meta({ id: 'PriceGroupItem' });
export type PriceGroupItem = z.infer<typeof priceGroupItemSchema>;

const prices = { price: nonNegativeDollars(), suggestedRetailPrice: nonNegativeDollars() };

export const priceGroupItemInput = z.object({
  priceGroupID: id(),
  productID: id(),
  ...prices,
});
export type PriceGroupItemInput = z.infer<typeof priceGroupItemInput>;
export const priceGroupItemUpdateInput = z.object({ id: id(), ...prices });
export type PriceGroupItemUpdateInput = z.infer<typeof priceGroupItemUpdateInput>;
/** Prices every product of a product group at once (add: creates items; edit: changes existing ones). */
export const priceGroupByProductGroupInput = z.object({
  priceGroupID: id(),
  productGroupID: id(),
  ...prices,
});
export type PriceGroupByProductGroupInput = z.infer<typeof priceGroupByProductGroupInput>;
export const priceGroupAllProductsInput = z.object({ priceGroupID: id() });

/** A product group as seen from a customer price group. */
export const priceGroupProductGroupSchema = productGroupSchema
  .extend({
    /** How many of its products have an item in the price group. */
    itemCount: z.int(),
    /** The price group's price for it, when its items agree (else null). */
    updatedPrice: z.number().nullable(),
    updatedSuggestedRetailPrice: z.number().nullable(),
  })
  .meta({ id: 'PriceGroupProductGroup' });
export type PriceGroupProductGroup = z.infer<typeof priceGroupProductGroupSchema>;

export const priceGroupResponse = z.object({ priceGroup: priceGroupSchema });
export const priceGroupsResponse = listResponse('priceGroups', priceGroupSchema);
export const priceGroupItemResponse = z.object({ priceGroupItem: priceGroupItemSchema });
export const priceGroupItemsResponse = listResponse('priceGroupItems', priceGroupItemSchema);
export const priceGroupProductGroupsResponse = listResponse('productGroups', priceGroupProductGroupSchema);
/** A change of many items: how many, and a sentence saying so. */
export const countResponse = z.object({ message: z.string(), count: z.int() });

export const PRICE_GROUP_MESSAGES = {
  notFound: "The Customer Price Group doesn't exist",
  itemNotFound: 'The Product is not in this customer price group',
  cantEdit: "You can't edit default price group",
  cantDelete: "You can't delete default price group",
  duplicateItem: 'This product is already in this customer price group',
  nameTaken: 'A customer price group with this name already exists',
} as const;
