import { distributorCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { distributorsRepository } from './distributors.repository.js';
import { createDistributorsService } from './distributors.service.js';

export async function distributorsRoutes(app: FastifyInstance) {
  const service = createDistributorsService(app.ctx);
  registerCalls(app, distributorCalls, {
    ...recordHandlers('distributor', service),
    export: ({ body, reply }) => distributorsRepository.export(app.ctx, reply, body),
  });
}
