import {
  type ListFilter,
  MESSAGES,
  PRODUCT_GROUP_MESSAGES,
  PRODUCT_MESSAGES,
  type ProductGroup,
  type ProductGroupInput,
  type ProductGroupUpdateInput,
  toCents,
  toDollars,
} from '@wd/contracts';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { productsRepository, productTrail, toProduct } from '../products/products.repository.js';
import { productGroupsRepository as repo, toProductGroup } from './product-groups.repository.js';

/** A product group's audit trail: the group as the API answers it. */
const groupTrail = auditTrail('product_group', toProductGroup);

/** The prices a group writes onto a member product (cents), as its audit entry keeps them (dollars). */
interface MemberPrices {
  id: number;
  costPrice: number;
  sellingPrice: number;
  suggestedRetailPrice: number;
  productGroupID?: number;
}
const memberPricesTrail = auditTrail('product', (m: MemberPrices) => ({
  ...m,
  costPrice: toDollars(m.costPrice),
  sellingPrice: toDollars(m.sellingPrice),
  suggestedRetailPrice: toDollars(m.suggestedRetailPrice),
}));

function prices(input: ProductGroupInput) {
  return {
    costPrice: toCents(input.costPrice),
    sellingPrice: toCents(input.sellingPrice),
    suggestedRetailPrice: toCents(input.suggestedRetailPrice),
  };
}

export function createProductGroupsService({ db }: AppContext) {
  const get = async (id: number): Promise<ProductGroup> => {
    const row = await repo.findById(db, id);
    if (!row) throw new NotFoundError(PRODUCT_GROUP_MESSAGES.notFound);
    return toProductGroup(row);
  };

  return {
    get,

    async list(filter: ListFilter) {
      const { rows, totalRows } = await repo.list(db, filter);
      return pageResponse('productGroups', rows.map(toProductGroup), filter, totalRows);
    },

    async members(id: number, filter: ListFilter) {
      await get(id);
      const { rows, totalRows } = await repo.members(db, id, filter);
      return pageResponse('products', rows.map(toProduct), filter, totalRows);
    },

    async create(input: ProductGroupInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const id = await repo.insert(tx, { name: input.name, ...prices(input) });
        const row = await repo.findById(tx, id);
        await groupTrail.create(tx, user.id, id, row!);
        return toProductGroup(row!);
      });
    },

    /** Saves the group and writes its prices to every member product, in one transaction. */
    async update(input: ProductGroupUpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const before = await repo.findById(tx, input.id, true);
        if (!before) throw new NotFoundError(PRODUCT_GROUP_MESSAGES.notFound);
        const next = prices(input);
        const members = await repo.lockMembers(tx, input.id);
        await repo.update(tx, input.id, { name: input.name, ...next });
        await repo.writePricesToMembers(tx, input.id, next);
        const after = await repo.findById(tx, input.id);
        await groupTrail.update(tx, user.id, input.id, before, after!);
        await memberPricesTrail.write(
          tx,
          user.id,
          'update',
          members.map((m) => ({ id: m.id, before: m, after: { id: m.id, ...next, productGroupID: input.id } })),
        );
        return toProductGroup(after!);
      });
    },

    /** Adds a product to the group and copies the group's prices onto it. */
    async addProduct(groupId: number, productId: number, user: AuthUser) {
      return db.transaction(async (tx) => {
        const group = await repo.findById(tx, groupId, true);
        if (!group) throw new NotFoundError(PRODUCT_GROUP_MESSAGES.notFound);
        const product = await productsRepository.findById(tx, productId, { lock: true });
        if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
        if (product.productGroupId) throw new ConflictError(PRODUCT_MESSAGES.alreadyInGroup, 'productID');
        const row = await productsRepository.update(tx, productId, {
          productGroupId: groupId,
          costPrice: group.costPrice,
          sellingPrice: group.sellingPrice,
          suggestedRetailPrice: group.suggestedRetailPrice,
        });
        await productTrail.update(tx, user.id, productId, product, row);
        return toProduct(row);
      });
    },

    /** Takes a product out of its group; it keeps its prices. */
    async removeProduct(productId: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        const product = await productsRepository.findById(tx, productId, { lock: true, includeDeleted: true });
        if (!product) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
        if (!product.productGroupId) throw new NotFoundError(PRODUCT_GROUP_MESSAGES.notInGroup);
        const row = await productsRepository.update(tx, productId, { productGroupId: null });
        await productTrail.update(tx, user.id, productId, product, row);
      });
      return { message: MESSAGES.deleted };
    },

    /** Deletes the group; its products are released and keep their prices. */
    async remove(id: number, user: AuthUser) {
      await db.transaction(async (tx) => {
        const group = await repo.findById(tx, id, true);
        if (!group) throw new NotFoundError(PRODUCT_GROUP_MESSAGES.notFound);
        await repo.remove(tx, id);
        await groupTrail.delete(tx, user.id, id, group);
      });
      return { message: MESSAGES.deleted };
    },
  };
}
