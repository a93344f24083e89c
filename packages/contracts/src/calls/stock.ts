import { defineCalls, idParams } from '../common/call.js';
import {
  productStockResponse,
  stockChangeResponse,
  stockCountBody,
  stockLevelFilter,
  stockLevelsResponse,
  stockLocationsResponse,
  stockMovementFilter,
  stockMovementsResponse,
  stockTransferBody,
} from '../stock.js';

/** Stock by location: where goods are, how they moved, counts, and loading and unloading trucks. */
export const stockCalls = defineCalls('stock', {
  locations: {
    method: 'POST',
    reads: true,
    path: '/stock/locations',
    summary: 'The stock locations: the warehouse, the damaged-goods bin and each route’s truck',
    response: stockLocationsResponse,
  },
  levels: {
    method: 'POST',
    reads: true,
    path: '/stock/levels',
    summary:
      'Stock on hand per product and location with its value at cost (one location or all; search by product, barcode or category), with totals over every row',
    body: stockLevelFilter,
    response: stockLevelsResponse,
  },
  product: {
    method: 'GET',
    path: '/stock/product/:id',
    summary: 'A product’s stock at each location',
    params: idParams,
    response: productStockResponse,
    errors: [404],
  },
  movements: {
    method: 'POST',
    reads: true,
    path: '/stock/movements',
    summary: 'The stock ledger, newest first: one product’s, one location’s or one kind of movement',
    body: stockMovementFilter,
    response: stockMovementsResponse,
  },
  count: {
    method: 'POST',
    path: '/stock/count',
    summary:
      'Save a count at a location: each counted quantity replaces what the books say, by a movement of the difference with the reason given',
    body: stockCountBody,
    response: stockChangeResponse,
    errors: [403, 404],
  },
  transfer: {
    method: 'POST',
    path: '/stock/transfer',
    summary: 'Load a truck from the warehouse or unload it back',
    body: stockTransferBody,
    response: stockChangeResponse,
    errors: [403, 404],
  },
});
