import { defineCalls } from '../common/call.js';
import { idParams } from '../common/fields.js';
import { loadSheetBody, loadSheetResponse } from '../load-sheet.js';
import {
  productStockResponse,
  reorderFilter,
  reorderLevelsBody,
  reorderLevelsResponse,
  reorderResponse,
  stockChangeResponse,
  stockCountBody,
  stockLevelFilter,
  stockLevelsResponse,
  stockLocationsResponse,
  stockMovementFilter,
  stockMovementsResponse,
  stockTransferBody,
} from '../stock.js';
import { csvExportCall } from './export.js';

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
  levelsExport: csvExportCall('/stock/levels/export', stockLevelFilter, 'Stock on hand'),
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
  movementsExport: csvExportCall('/stock/movements/export', stockMovementFilter, 'Stock movements'),
  reorder: {
    method: 'POST',
    reads: true,
    path: '/stock/reorder',
    summary:
      'Products below their reorder point (sellable stock in the warehouse and on trucks under the reorder level), or every product with a level, with totals',
    body: reorderFilter,
    response: reorderResponse,
  },
  reorderExport: csvExportCall('/stock/reorder/export', reorderFilter, 'Products below their reorder point'),
  reorderLevels: {
    method: 'POST',
    path: '/stock/reorderLevels',
    summary: 'Set the reorder level of some products (0 removes it)',
    body: reorderLevelsBody,
    response: reorderLevelsResponse,
    errors: [403, 404],
  },
  loadSheet: {
    method: 'POST',
    reads: true,
    path: '/stock/loadSheet',
    summary:
      'A truck’s morning load sheet: what the route’s stops of that weekday usually buy, what is on the truck and in the warehouse, and the suggested load',
    body: loadSheetBody,
    response: loadSheetResponse,
    errors: [404],
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
