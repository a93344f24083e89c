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
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { recordAudit, recordAuditMany } from '../../lib/audit.js';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { productGroupsRepository } from '../product-groups/product-groups.repository.js';
import { productsRepository } from '../products/products.repository.js';
import type { AuthUser } from '../users/users.service.js';
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
        await recordAudit(tx, user.id, 'price_group', id, 'create', null, { name });
        return existingGroup(tx, id);
      });
    },

    async rename(id: number, name: string, user: AuthUser) {
      assertEditable(id);
      return db.transaction(async (tx) => {
        const before = await existingGroup(tx, id, true);
        if (await repo.nameTaken(tx, name, id)) throw new ConflictError(PRICE_GROUP_MESSAGES.nameTaken, 'name');
        await repo.rename(tx, id, name);
        await recordAudit(tx, user.id, 'price_group', id, 'update', { name: before.name }, { name });
        return existingGroup(tx, id);
      });
    },

    /** Deletes a group and its items; its customers go back to the default group. */
    async remove(id: number, user: AuthUser) {
      if (id <= DEFAULT_PRICE_GROUP_ID) throw new ConflictError(PRICE_GROUP_MESSAGES.cantDelete);
      await db.transaction(async (tx) => {
        const group = await existingGroup(tx, id, true);
        await repo.remove(tx, id);
        await recordAudit(tx, user.id, 'price_group', id, 'delete', group, null);
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
          await recordAudit(tx, user.id, 'price_group_item', id, 'create', null, { ...input });
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
        await recordAudit(tx, user.id, 'price_group_item', input.id, 'update', before, { ...before, ...values });
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
        await recordAuditMany(
          tx,
          user.id,
          'price_group_item',
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
        await recordAudit(tx, user.id, 'price_group', input.priceGroupID, 'update', null, {
          byProductGroup: input,
          mode,
          count,
        });
        return { message: `${count} product${count === 1 ? '' : 's'} priced`, count };
      });
    },

    async addAllProducts(priceGroupID: number, user: AuthUser) {
      assertEditable(priceGroupID);
      return db.transaction(async (tx) => {
        await existingGroup(tx, priceGroupID, true);
        const count = await repo.insertAllProducts(tx, priceGroupID);
        await recordAudit(tx, user.id, 'price_group', priceGroupID, 'update', null, { addAllProducts: true, count });
        return { message: `${count} product${count === 1 ? '' : 's'} added`, count };
      });
    },
  };
}
