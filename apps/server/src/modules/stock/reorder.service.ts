import { type ReorderFilter, type ReorderLevelsInput, type ReorderRow, STOCK_MESSAGES, toDollars } from '@wd/contracts';
import { auditTrail } from '../../lib/audit.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { reorderRepository as repo } from './reorder.repository.js';

/** A reorder level's change goes in the product's own history. */
const productTrail = auditTrail('product', (row: { reorderLevel: number }) => row);

/**
 * Reorder levels and the report of the products below theirs (docs/stock.md): sellable stock is the
 * warehouse's and the trucks' (goods on a truck come back at the unload); the damaged-goods bin
 * does not count.
 */
export function createReorderService({ db }: AppContext) {
  return {
    async list(filter: ReorderFilter) {
      const { rows, totalRows, totals } = await repo.list(db, filter);
      const products: ReorderRow[] = (rows as unknown as ReorderRow[]).map((r) => ({
        ...r,
        costPrice: toDollars(r.costPrice),
        value: toDollars(r.value),
      }));
      return {
        ...pageResponse('products', products, filter, totalRows),
        totals: { short: Number(totals.short), value: toDollars(Number(totals.value)) },
      };
    },

    csvQuery: (filter: ReorderFilter) => repo.csvQuery(db, filter),

    /** Sets the levels given, each product once; the office's, never a driver's. Audited per product. */
    async setLevels(input: ReorderLevelsInput, user: AuthUser) {
      if (user.driver && user.type !== 'admin') throw new ForbiddenError(STOCK_MESSAGES.officeOnly);
      return db.transaction(async (tx) => {
        const ids = input.lines.map((l) => l.productID);
        const found = new Map((await repo.levels(tx, [...new Set(ids)])).map((p) => [p.id, p]));
        const seen = new Set<number>();
        for (const line of input.lines) {
          const product = found.get(line.productID);
          if (!product) throw new NotFoundError(STOCK_MESSAGES.productNotFound(line.productID));
          if (product.deletedAt) throw new ValidationError(STOCK_MESSAGES.productDeleted(product.name), 'lines');
          if (seen.has(product.id)) throw new ValidationError(STOCK_MESSAGES.sameProductTwice(product.name), 'lines');
          seen.add(product.id);
        }
        const changed = input.lines.filter((l) => found.get(l.productID)?.reorderLevel !== l.reorderLevel);
        for (const line of changed) await repo.setLevel(tx, line.productID, line.reorderLevel);
        await productTrail.write(
          tx,
          user.id,
          'update',
          changed.map((l) => ({
            id: l.productID,
            beforeNote: { reorderLevel: found.get(l.productID)?.reorderLevel ?? 0 },
            afterNote: { reorderLevel: l.reorderLevel },
          })),
        );
        return { message: STOCK_MESSAGES.reorderSaved(input.lines.length) };
      });
    },
  };
}
