import {
  type ProductStock,
  STOCK_MESSAGES,
  type StockCountInput,
  type StockLevelFilter,
  type StockLocation,
  type StockMovement,
  type StockMovementFilter,
  type StockMovementKind,
  type StockTransferInput,
  toDollars,
} from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { type LocationRow, type NewMovement, stockRepository as repo } from './stock.repository.js';
import type { MovementRow } from './stock-ledger.repository.js';

const toLocation = (row: LocationRow): StockLocation => ({ ...row });

/** How the office names what made a movement. */
function sourceLabel(row: MovementRow): string {
  switch (row.source) {
    case 'invoice':
      return row.invoiceNo ?? 'Invoice (deleted)';
    case 'supplier_invoice':
      return row.supplierInvoiceNo ? `Supplier invoice ${row.supplierInvoiceNo}` : 'Supplier invoice (deleted)';
    case 'transfer':
      return 'Transfer';
    case 'count':
      return 'Count';
    default:
      return 'Settlement';
  }
}

export function toMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    productID: row.productID,
    product: row.product,
    locationID: row.locationID,
    location: row.location,
    quantity: row.quantity,
    kind: row.kind as StockMovementKind,
    source: sourceLabel(row),
    sourceID: row.sourceID,
    note: row.note,
    user: row.user,
  };
}

/**
 * Stock by location (docs/stock.md). Reads fold the roll-up or add its pending deltas; writes only
 * append movements, which a trigger turns into deltas, so writers never wait on a shared row.
 */
export function createStockService({ db, config }: AppContext) {
  async function location(tx: Tx, id: number): Promise<LocationRow> {
    const [row] = await repo.locations(tx, [id]);
    if (!row) throw new NotFoundError(STOCK_MESSAGES.locationNotFound);
    return row;
  }

  /** The products of a count or transfer: each once, each existing and not deleted. */
  async function checkProducts(tx: Tx, ids: number[]) {
    const seen = new Set<number>();
    const found = new Map((await repo.products(tx, [...new Set(ids)])).map((p) => [p.id, p]));
    for (const id of ids) {
      const product = found.get(id);
      if (!product) throw new NotFoundError(STOCK_MESSAGES.productNotFound(id));
      if (product.deletedAt) throw new ValidationError(STOCK_MESSAGES.productDeleted(product.name), 'lines');
      if (seen.has(id)) throw new ValidationError(STOCK_MESSAGES.sameProductTwice(product.name), 'lines');
      seen.add(id);
    }
    return found;
  }

  /** Drivers sell and take returns on their devices; stock itself is moved by the office. */
  function officeOnly(user: AuthUser) {
    if (user.driver && user.type !== 'admin') throw new ForbiddenError(STOCK_MESSAGES.officeOnly);
  }

  async function checkLevelFilter(filter: StockLevelFilter) {
    if (filter.includeZero && !filter.locationID)
      throw new ValidationError(STOCK_MESSAGES.locationRequired, 'locationID');
    if (filter.locationID) await location(db, filter.locationID);
  }

  async function written(tx: Tx, ids: number[]) {
    return (await repo.movementsByIds(tx, ids)).map(toMovement);
  }

  return {
    async locations(): Promise<StockLocation[]> {
      return (await repo.locations(db)).map(toLocation);
    },

    async levels(filter: StockLevelFilter) {
      if (filter.includeZero && !filter.locationID)
        throw new ValidationError(STOCK_MESSAGES.locationRequired, 'locationID');
      const { rows, totalRows, totals, belowZero } = await repo.levels(db, filter);
      // An unknown location lists nothing: only then is it looked up, to answer 404 rather than an empty page.
      if (filter.locationID && totalRows === 0) await location(db, filter.locationID);
      const levels = rows.map((r) => ({
        ...r,
        costPrice: toDollars(r.costPrice),
        value: toDollars(r.quantity * r.costPrice),
      }));
      return {
        ...pageResponse('levels', levels, filter, totalRows),
        totals: { quantity: totals.quantity, value: toDollars(totals.value) },
        belowZero,
      };
    },

    async levelsCsv(filter: StockLevelFilter) {
      await checkLevelFilter(filter);
      return repo.levelsCsv(db, filter);
    },

    movementsCsv: (filter: StockMovementFilter) => repo.movementsCsv(db, filter, config.timeZone),

    async product(id: number): Promise<ProductStock> {
      const [product] = await repo.products(db, [id]);
      if (!product) throw new NotFoundError(STOCK_MESSAGES.productNotFound(id));
      const levels = new Map((await repo.onHand(db, { productIds: [id] })).map((l) => [l.locationID, l.quantity]));
      const places = await repo.locations(db, [...levels.keys()]);
      const locations = places
        .map((l) => ({ locationID: l.id, location: l.name, kind: l.kind, quantity: levels.get(l.id) ?? 0 }))
        .filter((l) => l.quantity !== 0);
      return {
        productID: product.id,
        product: product.name,
        barcode: product.barcode,
        costPrice: toDollars(product.costPrice),
        locations,
        sellable: locations.filter((l) => l.kind !== 'damaged').reduce((sum, l) => sum + l.quantity, 0),
      };
    },

    async movements(filter: StockMovementFilter) {
      const { rows, totalRows } = await repo.movements(db, filter);
      return pageResponse('movements', rows.map(toMovement), filter, totalRows);
    },

    /** A count: each product's difference from the books becomes a 'counted' movement with the reason. */
    async count(input: StockCountInput, user: AuthUser) {
      officeOnly(user);
      return db.transaction(async (tx) => {
        const at = await location(tx, input.locationID);
        await repo.lockForCount(tx, at.id);
        const ids = input.lines.map((l) => l.productID);
        await checkProducts(tx, ids);
        const onHand = new Map(
          (await repo.onHand(tx, { locationId: at.id, productIds: ids })).map((l) => [l.productID, l.quantity]),
        );
        const rows: NewMovement[] = input.lines.flatMap((l) => {
          const difference = l.counted - (onHand.get(l.productID) ?? 0);
          if (difference === 0) return [];
          return [
            {
              productId: l.productID,
              locationId: at.id,
              quantity: difference,
              kind: 'counted' as const,
              source: 'count' as const,
              note: input.reason.trim(),
              userId: user.id,
            },
          ];
        });
        const movements = await written(tx, await repo.insert(tx, rows));
        return { message: STOCK_MESSAGES.counted(movements.length), movements };
      });
    },

    /** A load (warehouse → truck) or an unload (truck → warehouse): two movements per product. */
    async transfer(input: StockTransferInput, user: AuthUser) {
      officeOnly(user);
      return db.transaction(async (tx) => {
        const from = await location(tx, input.fromLocationID);
        const to = await location(tx, input.toLocationID);
        const loading = from.kind === 'warehouse' && to.kind === 'truck';
        const unloading = from.kind === 'truck' && to.kind === 'warehouse';
        if (!loading && !unloading) throw new ValidationError(STOCK_MESSAGES.transferPair, 'toLocationID');
        await checkProducts(
          tx,
          input.lines.map((l) => l.productID),
        );
        const kind = loading ? 'loaded' : 'unloaded';
        const note = (input.note ?? '').trim();
        const rows: NewMovement[] = input.lines.flatMap((l) => [
          {
            productId: l.productID,
            locationId: from.id,
            quantity: -l.quantity,
            kind,
            source: 'transfer',
            note,
            userId: user.id,
          },
          {
            productId: l.productID,
            locationId: to.id,
            quantity: l.quantity,
            kind,
            source: 'transfer',
            note,
            userId: user.id,
          },
        ]);
        const movements = await written(tx, await repo.insert(tx, rows));
        const units = input.lines.reduce((sum, l) => sum + l.quantity, 0);
        const truck = loading ? to.name : from.name;
        return {
          message: loading ? STOCK_MESSAGES.loaded(units, truck) : STOCK_MESSAGES.unloaded(units, truck),
          movements,
        };
      });
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
