import { distributorCalls, SUPPLIER_CSV } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { csvExportHandler } from '../../lib/export.js';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { distributorsRepository } from './distributors.repository.js';
import { createDistributorsService } from './distributors.service.js';

export async function distributorsRoutes(app: FastifyInstance) {
  const service = createDistributorsService(app.ctx);
  registerCalls(app, distributorCalls, {
    ...recordHandlers('distributor', service),
    export: csvExportHandler(app.ctx, 'suppliers', SUPPLIER_CSV, distributorsRepository.csvQuery),
  });
}
