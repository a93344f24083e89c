import { receivablesCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createAgingService } from './aging.service.js';

export async function receivablesRoutes(app: FastifyInstance) {
  const aging = createAgingService(app.ctx);
  registerCalls(app, receivablesCalls, {
    aging: ({ body }) => aging.aging(body),
    agingCsv: async ({ body, reply }) => {
      const file = await aging.csv(body);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store');
      return file.body;
    },
  });
}
