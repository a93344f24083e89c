import {
  type ListFilter,
  PRODUCT_MESSAGES,
  type Product,
  type ProductInput,
  type productInput,
  type productUpdateInput,
  toCents,
} from '@wd/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { createSoftDelete } from '../../lib/soft-delete.js';
import { type ProductRow, productTrail, productsRepository as repo, toProduct } from './products.repository.js';

type Input = z.output<typeof productInput>;
type UpdateInput = z.output<typeof productUpdateInput>;

/** A product's form input as its columns (prices in cents); the import writes products through it too. */
export function toColumns(input: Input) {
  return {
    name: input.name,
    unitQuantity: input.unitQuantity,
    barcodeSymbology: input.barcodeSymbology,
    barcode: input.barcode,
    boxBarcode: input.boxBarcode,
    category: input.category,
    costPrice: toCents(input.costPrice),
    sellingPrice: toCents(input.sellingPrice),
    suggestedRetailPrice: toCents(input.suggestedRetailPrice),
  };
}

/**
 * A scan matches a product by barcode or box barcode, so no active product may
 * reuse another's barcode or box barcode in either field.
 */
async function assertCodesFree(tx: Tx, barcode: string, boxBarcode: string, exceptId?: number) {
  const byBarcode =
    (await repo.barcodeOwner(tx, 'barcode', barcode, exceptId)) ??
    (await repo.barcodeOwner(tx, 'boxBarcode', barcode, exceptId));
  if (byBarcode) throw new ConflictError(`${PRODUCT_MESSAGES.duplicateBarcode} (${byBarcode.name})`, 'barcode');
  if (boxBarcode) {
    const byBox =
      (await repo.barcodeOwner(tx, 'boxBarcode', boxBarcode, exceptId)) ??
      (await repo.barcodeOwner(tx, 'barcode', boxBarcode, exceptId));
    if (byBox) throw new ConflictError(`${PRODUCT_MESSAGES.duplicateBoxBarcode} (${byBox.name})`, 'boxBarcode');
    if (boxBarcode === barcode) throw new ConflictError('The box barcode must differ from the barcode', 'boxBarcode');
  }
}

/** A concurrent insert that slipped past the check still answers 409, not 500. */
function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'products_barcode_active_idx')) {
    throw new ConflictError(PRODUCT_MESSAGES.duplicateBarcode, 'barcode');
  }
  if (isUniqueViolation(error, 'products_box_barcode_active_idx')) {
    throw new ConflictError(PRODUCT_MESSAGES.duplicateBoxBarcode, 'boxBarcode');
  }
  throw error;
}

export function createProductsService({ db }: AppContext) {
  return {
    async list(filter: ListFilter, deleted = false) {
      const { rows, totalRows } = await repo.list(db, filter, deleted);
      return pageResponse('products', rows.map(toProduct), filter, totalRows);
    },

    async search(filter: ListFilter) {
      const rows = await repo.search(db, filter.searchQuery, filter.resultsPerPage, filter.sortingList);
      return pageResponse(
        'products',
        rows.map(toProduct),
        { currentPage: 1, resultsPerPage: Math.max(1, rows.length) },
        rows.length,
      );
    },

    async categories(filter: ListFilter) {
      const { rows, totalRows } = await repo.categories(db, filter);
      return pageResponse('categories', rows, filter, totalRows);
    },

    async get(id: number): Promise<Product> {
      const row = await repo.get(db, id, true);
      if (!row) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
      return toProduct(row);
    },

    async create(input: Input, user: AuthUser): Promise<Product> {
      try {
        return await db.transaction(async (tx) => {
          await assertCodesFree(tx, input.barcode, input.boxBarcode);
          const row = await repo.insert(tx, toColumns(input));
          await productTrail.create(tx, user.id, row.id, row);
          return toProduct(row);
        });
      } catch (error) {
        rethrowDuplicate(error);
      }
    },

    async update(input: UpdateInput, user: AuthUser): Promise<Product> {
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.findById(tx, input.id, { lock: true });
          if (!current) throw new NotFoundError(PRODUCT_MESSAGES.notFound);
          const values = toColumns(input);
          // In a product price group the group owns the cost price.
          if (current.productGroupId && values.costPrice !== current.costPrice) {
            throw new ConflictError(PRODUCT_MESSAGES.costFromGroup, 'costPrice');
          }
          await assertCodesFree(tx, values.barcode, values.boxBarcode, input.id);
          const row = await repo.update(tx, input.id, values);
          await productTrail.update(tx, user.id, row.id, current, row);
          return toProduct(row);
        });
      } catch (error) {
        rethrowDuplicate(error);
      }
    },

    /** Invoice lines keep their snapshot of a product that is removed for good. */
    ...createSoftDelete(db, products, {
      trail: productTrail,
      notFound: PRODUCT_MESSAGES.notFound,
      label: (r: ProductRow) => r.name,
      lockMany: (tx, ids) => repo.findByIds(tx, ids),
      rethrow: rethrowDuplicate,
      async unrecoverable(tx, r) {
        const owner = await repo.barcodeOwner(tx, 'barcode', r.barcode, r.id);
        if (owner) return `"${r.name}" can not be recovered: ${owner.name} now has its barcode ${r.barcode}`;
        if (r.boxBarcode && (await repo.barcodeOwner(tx, 'boxBarcode', r.boxBarcode, r.id))) {
          return `"${r.name}" can not be recovered: another product now has its box barcode`;
        }
        return null;
      },
    }),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
export type { ProductInput };
