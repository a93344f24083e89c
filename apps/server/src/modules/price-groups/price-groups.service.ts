import {
  DEFAULT_PRICE_GROUP_ID,
  type ListFilter,
  MESSAGES,
  PRICE_GROUP_MESSAGES,
  PRODUCT_GROUP_MESSAGES,
  PRODUCT_MESSAGES,
  type PriceGroupByProductGroupInput,
  type PriceGroupItemInput,
  type PriceGroupItemUpdateInput,
  toCents,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { productGroupsRepository } from '../product-groups/product-groups.repository.js';
import { productsRepository } from '../products/products.repository.js';
import { priceGroupsRepository as repo } from './price-groups.repository.js';

/** The default group holds no items and keeps its name: customers in it pay the products' own prices. */
function assertEditable(id: number) {
  if (id <= DEFAULT_PRICE_GROUP_ID) throw new ConflictError(PRICE_GROUP_MESSAGES.cantEdit);
}

async function existingGroup(tx: Tx, id: number, lock = false) {
  const group = await repo.findById(tx, id, lock);
  if (!group) throw new NotFoundError(PRICE_GROUP_MESSAGES.notFound);
  return group;
}

/** A price group's audit trail: the group as the API answers it (a name; no money). */
const groupTrail = auditTrail('price_group', (g: Awaited<ReturnType<typeof existingGroup>>) => g);

/** A price group item as stored (cents). */
interface StoredItem {
  id: number;
  priceGroupId: number;
  productId: number;
  price: number;
  suggestedRetailPrice: number;
}
/** A price group item's audit trail: the wire's field names, prices in dollars. */
const itemTrail = auditTrail('price_group_item', (i: StoredItem) => ({
  id: i.id,
  priceGroupID: i.priceGroupId,
  productID: i.productId,
  price: toDollars(i.price),
  suggestedRetailPrice: toDollars(i.suggestedRetailPrice),
}));

export function createPriceGroupsService({ db }: AppContext) {
  return {
    async list(filter: ListFilter) {
      const { rows, totalRows } = await repo.list(db, filter);
      return pageResponse('priceGroups', rows, filter, totalRows);
    },

    get: (id: number) => existingGroup(db, id),

    async create(name: string, user: AuthUser) {
      return db.transaction(async (tx) => {
        if (await repo.nameTaken(tx, name)) throw new ConflictError(PRICE_GROUP_MESSAGES.nameTaken, 'name');
        const id = await repo.insert(tx, name);
        const group = await existingGroup(tx, id);
        await groupTrail.create(tx, user.id, id, group);
        return group;
      });
    },

    async rename(id: number, name: string, user: AuthUser) {
      assertEditable(id);
      return db.transaction(async (tx) => {
        const before = await existingGroup(tx, id, true);
        if (await repo.nameTaken(tx, name, id)) throw new ConflictError(PRICE_GROUP_MESSAGES.nameTaken, 'name');
        await repo.rename(tx, id, name);
        const after = await existingGroup(tx, id);
        await groupTrail.update(tx, user.id, id, before, after);
        return after;
      });
    },

    /** Deletes a group and its items; its customers go back to the default group. */
    async remove(id: number, user: AuthUser) {
      if (id <= DEFAULT_PRICE_GROUP_ID) throw new ConflictError(PRICE_GROUP_MESSAGES.cantDelete);
      await db.transaction(async (tx) => {
        const group = await existingGroup(tx, id, true);
        await repo.remove(tx, id);
        await groupTrail.delete(tx, user.id, id, group);
      });
      return { message: MESSAGES.deleted };
    },

    async items(id: number, filter: ListFilter) {
      await existingGroup(db, id);
      const { rows, totalRows } = await repo.items(db, id, filter);
      return pageResponse('priceGroupItems', rows, filter, totalRows);
    },

    async item(id: number) {
      const item = await repo.item(db, id);
      if (!item) throw new NotFoundError(PRICE_GROUP_MESSAGES.itemNotFound);
      return item;
    },

    async productGroups(id: number, filter: ListFilter) {
      await existingGroup(db, id);
      const { rows, totalRows } = await repo.productGroups(db, id, filter);
      return pageResponse('productGroups', rows, filter, totalRows);
    },

    async addItem(input: PriceGroupItemInput, user: AuthUser) {
      assertEditable(input.priceGroupID);
      try {
        return await db.transaction(async (tx) => {
          await existingGroup(tx, input.priceGroupID, true);
          if (!(await productsRepository.findById(tx, input.productID)))
            throw new NotFoundError(PRODUCT_MESSAGES.notFound);
          if (await repo.itemByProduct(tx, input.priceGroupID, input.productID)) {
            throw new ConflictError(PRICE_GROUP_MESSAGES.duplicateItem, 'productID');
          }
          const values = { price: toCents(input.price), suggestedRetailPrice: toCents(input.suggestedRetailPrice) };
          const id = await repo.insertItem(tx, {
            priceGroupId: input.priceGroupID,
            productId: input.productID,
            ...values,
          });
          const [stored] = await repo.itemsByIds(tx, [id]);
          await itemTrail.create(tx, user.id, id, stored);
          return (await repo.item(tx, id))!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(PRICE_GROUP_MESSAGES.duplicateItem, 'productID');
        throw error;
      }
    },

    async updateItem(input: PriceGroupItemUpdateInput, user: AuthUser) {
      return db.transaction(async (tx) => {
        const [before] = await repo.itemsByIds(tx, [input.id]);
        if (!before) throw new NotFoundError(PRICE_GROUP_MESSAGES.itemNotFound);
        assertEditable(before.priceGroupId);
        const values = { price: toCents(input.price), suggestedRetailPrice: toCents(input.suggestedRetailPrice) };
        await repo.updateItem(tx, input.id, values);
        await itemTrail.update(tx, user.id, input.id, before, { ...before, ...values });
        return (await repo.item(tx, input.id))!;
      });
    },

    async removeItems(ids: number[], user: AuthUser) {
      await db.transaction(async (tx) => {
        const rows = await repo.itemsByIds(tx, ids);
        if (rows.length === 0) throw new NotFoundError(PRICE_GROUP_MESSAGES.itemNotFound);
        await repo.removeItems(
          tx,
          rows.map((r) => r.id),
        );
        await itemTrail.write(
          tx,
          user.id,
          'delete',
          rows.map((r) => ({ id: r.id, before: r })),
        );
      });
      return { message: MESSAGES.deleted };
    },

    /** add: create or update an item for every product of the product group; edit: update only existing ones. */
    async setByProductGroup(input: PriceGroupByProductGroupInput, mode: 'add' | 'edit', user: AuthUser) {
      assertEditable(input.priceGroupID);
      return db.transaction(async (tx) => {
        await existingGroup(tx, input.priceGroupID, true);
        if (!(await productGroupsRepository.findById(tx, input.productGroupID))) {
          throw new NotFoundError(PRODUCT_GROUP_MESSAGES.notFound);
        }
        const price = toCents(input.price);
        const srp = toCents(input.suggestedRetailPrice);
        const count =
          mode === 'add'
            ? await repo.upsertForProductGroup(tx, input.priceGroupID, input.productGroupID, price, srp)
            : await repo.updateForProductGroup(tx, input.priceGroupID, input.productGroupID, price, srp);
        await groupTrail.write(tx, user.id, 'update', [
          {
            id: input.priceGroupID,
            afterNote: {
              productGroupID: input.productGroupID,
              price: input.price,
              suggestedRetailPrice: input.suggestedRetailPrice,
              mode,
              count,
            },
          },
        ]);
        return { message: `${count} product${count === 1 ? '' : 's'} priced`, count };
      });
    },

    async addAllProducts(priceGroupID: number, user: AuthUser) {
      assertEditable(priceGroupID);
      return db.transaction(async (tx) => {
        await existingGroup(tx, priceGroupID, true);
        const count = await repo.insertAllProducts(tx, priceGroupID);
        await groupTrail.write(tx, user.id, 'update', [
          { id: priceGroupID, afterNote: { addAllProducts: true, count } },
        ]);
        return { message: `${count} product${count === 1 ? '' : 's'} added`, count };
      });
    },
  };
}
