import { SETTLEMENT_CSV, settlementCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { listCsv, sendCsv } from '../../lib/export.js';
import { registerCalls } from '../../lib/routes.js';
import { createSettlementsService } from './settlements.service.js';

/** The driver's end-of-day settlement: open, count and hand in, close, adjust; the list of them. */
export async function settlementsRoutes(app: FastifyInstance) {
  const service = createSettlementsService(app.ctx);
  const answer = async (settlement: ReturnType<typeof service.get>) => ({ settlement: await settlement });
  registerCalls(app, settlementCalls, {
    list: ({ body, user }) => service.list(body, user),
    export: async ({ body, user, reply }) =>
      sendCsv(reply, await listCsv(app.ctx, 'settlements', await service.csvQuery(body, user), SETTLEMENT_CSV)),
    open: ({ body, user }) => answer(service.open(body.driverID, body.date, user)),
    get: ({ params, user }) => answer(service.get(params.id, user)),
    update: ({ body, user }) => answer(service.update(body, user)),
    close: ({ params, body, user }) => answer(service.close(params.id, body.note, user)),
    adjust: ({ params, body, user }) => answer(service.adjust(params.id, body, user)),
  });
}
