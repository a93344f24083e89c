import { REORDER_CSV, STOCK_LEVEL_CSV, STOCK_MOVEMENT_CSV, stockCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { listCsv, sendCsv } from '../../lib/export.js';
import { registerCalls } from '../../lib/routes.js';
import { createLoadSheetService } from './load-sheet.service.js';
import { createReorderService } from './reorder.service.js';
import { createStockService } from './stock.service.js';

/** Stock by location: levels, a product's stock, the ledger, counts, loads and unloads, reorder, load sheets. */
export async function stockRoutes(app: FastifyInstance) {
  const service = createStockService(app.ctx);
  const reorder = createReorderService(app.ctx);
  const loadSheets = createLoadSheetService(app.ctx);
  registerCalls(app, stockCalls, {
    locations: async () => ({ locations: await service.locations() }),
    levels: ({ body }) => service.levels(body),
    levelsExport: async ({ body, reply }) =>
      sendCsv(reply, await listCsv(app.ctx, 'stock', await service.levelsCsv(body), STOCK_LEVEL_CSV)),
    product: async ({ params }) => ({ stock: await service.product(params.id) }),
    movements: ({ body }) => service.movements(body),
    movementsExport: async ({ body, reply }) =>
      sendCsv(reply, await listCsv(app.ctx, 'stock-movements', await service.movementsCsv(body), STOCK_MOVEMENT_CSV)),
    reorder: ({ body }) => reorder.list(body),
    reorderExport: async ({ body, reply }) =>
      sendCsv(reply, await listCsv(app.ctx, 'reorder', await reorder.csvQuery(body), REORDER_CSV)),
    reorderLevels: ({ body, user }) => reorder.setLevels(body, user),
    loadSheet: async ({ body }) => ({ loadSheet: await loadSheets.get(body) }),
    count: ({ body, user }) => service.count(body, user),
    transfer: ({ body, user }) => service.transfer(body, user),
  });
}
